CREATE TABLE `flagged_records` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`rider_id` text NOT NULL,
	`kind` text NOT NULL,
	`outcome` text NOT NULL,
	`order_id` text,
	`request` text NOT NULL,
	`reason_key` text NOT NULL,
	`reason_params` text NOT NULL,
	`idempotency_key` text,
	`recorded_at` integer,
	`server_at` integer NOT NULL,
	`reviewed_by` text,
	`reviewed_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flagged_records_key_uq` ON `flagged_records` (`rider_id`,`idempotency_key`,`kind`);--> statement-breakpoint
CREATE INDEX `flagged_records_company_idx` ON `flagged_records` (`company_id`,`reviewed_at`,`server_at`);--> statement-breakpoint
ALTER TABLE `duty_shifts` ADD `ended_by` text;