CREATE TABLE `cash_ledger` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` text NOT NULL,
	`rider_id` text NOT NULL,
	`company_id` text NOT NULL,
	`currency` text NOT NULL,
	`account` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`kind` text NOT NULL,
	`order_id` text,
	`submission_id` text,
	`actor_id` text,
	`reason` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cash_ledger_rider_idx` ON `cash_ledger` (`rider_id`,`currency`,`account`);--> statement-breakpoint
CREATE INDEX `cash_ledger_company_idx` ON `cash_ledger` (`company_id`,`at`);--> statement-breakpoint
CREATE INDEX `cash_ledger_journal_idx` ON `cash_ledger` (`journal_id`);--> statement-breakpoint
CREATE INDEX `cash_ledger_submission_idx` ON `cash_ledger` (`submission_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `cash_ledger_collection_uq` ON `cash_ledger` (`order_id`,`account`) WHERE kind = 'collection';--> statement-breakpoint
CREATE TABLE `notices` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`rider_id` text,
	`audience` text NOT NULL,
	`kind` text NOT NULL,
	`params` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`emailed_at` integer,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notices_dedupe_key_unique` ON `notices` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notices_company_idx` ON `notices` (`company_id`,`audience`,`created_at`);--> statement-breakpoint
CREATE INDEX `notices_rider_idx` ON `notices` (`rider_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `region_rules` (
	`region` text PRIMARY KEY NOT NULL,
	`summer_motorcycle_ban` integer DEFAULT true NOT NULL,
	`summer_midday_break` integer DEFAULT true NOT NULL,
	`iftar_pause` integer DEFAULT true NOT NULL,
	`max_daily_hours` real DEFAULT 10 NOT NULL,
	`warn_before_minutes` integer DEFAULT 30 NOT NULL,
	`updated_by` text,
	`updated_at` integer,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `rider_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`rider_id` text NOT NULL,
	`type` text NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`expires_on` text NOT NULL,
	`photo_path` text,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rider_documents_type_uq` ON `rider_documents` (`rider_id`,`type`);--> statement-breakpoint
CREATE INDEX `rider_documents_expiry_idx` ON `rider_documents` (`expires_on`);--> statement-breakpoint
ALTER TABLE `companies` ADD `cash_limit_minor` integer;--> statement-breakpoint
ALTER TABLE `companies` ADD `cash_hold_hours` integer;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `channel` text DEFAULT 'handover' NOT NULL;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `code_hash` text;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `code_expires_at` integer;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `code_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `counted_minor` integer;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `received_by` text;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `received_at` integer;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `receipt_method` text;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `discrepancy_minor` integer;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `resolution` text;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `resolution_note` text;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `resolved_by` text;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `resolved_at` integer;--> statement-breakpoint
CREATE TRIGGER `cash_ledger_no_update` BEFORE UPDATE ON `cash_ledger` BEGIN SELECT RAISE(ABORT, 'cash_ledger is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `cash_ledger_no_delete` BEFORE DELETE ON `cash_ledger` BEGIN SELECT RAISE(ABORT, 'cash_ledger is append-only'); END;--> statement-breakpoint
INSERT INTO `region_rules` (`region`) VALUES ('kuwait'), ('uae');--> statement-breakpoint
INSERT INTO `cash_ledger` (`journal_id`, `rider_id`, `company_id`, `currency`, `account`, `amount_minor`, `kind`, `order_id`, `at`)
  SELECT 'mig-c-' || `id`, `rider_id`, `company_id`, `currency`, 'customer', -`cod_amount_minor`, 'collection', `id`, coalesce(`delivered_at`, `updated_at`, `created_at`)
  FROM `orders` WHERE `status` = 'delivered' AND `payment_method` = 'cash' AND `rider_id` IS NOT NULL AND `cod_amount_minor` > 0;--> statement-breakpoint
INSERT INTO `cash_ledger` (`journal_id`, `rider_id`, `company_id`, `currency`, `account`, `amount_minor`, `kind`, `order_id`, `at`)
  SELECT 'mig-c-' || `id`, `rider_id`, `company_id`, `currency`, 'hand', `cod_amount_minor`, 'collection', `id`, coalesce(`delivered_at`, `updated_at`, `created_at`)
  FROM `orders` WHERE `status` = 'delivered' AND `payment_method` = 'cash' AND `rider_id` IS NOT NULL AND `cod_amount_minor` > 0;--> statement-breakpoint
INSERT INTO `cash_ledger` (`journal_id`, `rider_id`, `company_id`, `currency`, `account`, `amount_minor`, `kind`, `submission_id`, `at`)
  SELECT 'mig-s-' || s.`id`, s.`rider_id`, r.`company_id`, s.`currency`, 'hand', -s.`amount_minor`, 'handover_submitted', s.`id`, s.`created_at`
  FROM `cash_submissions` s JOIN `riders` r ON r.`id` = s.`rider_id`;--> statement-breakpoint
INSERT INTO `cash_ledger` (`journal_id`, `rider_id`, `company_id`, `currency`, `account`, `amount_minor`, `kind`, `submission_id`, `at`)
  SELECT 'mig-s-' || s.`id`, s.`rider_id`, r.`company_id`, s.`currency`, 'transit', s.`amount_minor`, 'handover_submitted', s.`id`, s.`created_at`
  FROM `cash_submissions` s JOIN `riders` r ON r.`id` = s.`rider_id`;--> statement-breakpoint
INSERT INTO `cash_ledger` (`journal_id`, `rider_id`, `company_id`, `currency`, `account`, `amount_minor`, `kind`, `submission_id`, `at`)
  SELECT 'mig-r-' || s.`id`, s.`rider_id`, r.`company_id`, s.`currency`, 'transit', -s.`amount_minor`, 'handover_received', s.`id`, coalesce(s.`confirmed_at`, s.`created_at`)
  FROM `cash_submissions` s JOIN `riders` r ON r.`id` = s.`rider_id` WHERE s.`status` = 'confirmed';--> statement-breakpoint
INSERT INTO `cash_ledger` (`journal_id`, `rider_id`, `company_id`, `currency`, `account`, `amount_minor`, `kind`, `submission_id`, `at`)
  SELECT 'mig-r-' || s.`id`, s.`rider_id`, r.`company_id`, s.`currency`, 'company', s.`amount_minor`, 'handover_received', s.`id`, coalesce(s.`confirmed_at`, s.`created_at`)
  FROM `cash_submissions` s JOIN `riders` r ON r.`id` = s.`rider_id` WHERE s.`status` = 'confirmed';--> statement-breakpoint
UPDATE `cash_submissions` SET `counted_minor` = `amount_minor`, `discrepancy_minor` = 0, `received_at` = `confirmed_at` WHERE `status` = 'confirmed';
--> statement-breakpoint
INSERT INTO `cash_ledger` (`journal_id`, `rider_id`, `company_id`, `currency`, `account`, `amount_minor`, `kind`, `submission_id`, `at`)
  SELECT 'mig-d-' || s.`id`, s.`rider_id`, r.`company_id`, s.`currency`, 'transit', -s.`amount_minor`, 'handover_cancelled', s.`id`, s.`created_at`
  FROM `cash_submissions` s JOIN `riders` r ON r.`id` = s.`rider_id` WHERE s.`status` = 'disputed';--> statement-breakpoint
INSERT INTO `cash_ledger` (`journal_id`, `rider_id`, `company_id`, `currency`, `account`, `amount_minor`, `kind`, `submission_id`, `at`)
  SELECT 'mig-d-' || s.`id`, s.`rider_id`, r.`company_id`, s.`currency`, 'hand', s.`amount_minor`, 'handover_cancelled', s.`id`, s.`created_at`
  FROM `cash_submissions` s JOIN `riders` r ON r.`id` = s.`rider_id` WHERE s.`status` = 'disputed';
