CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`ip` text NOT NULL,
	`success` integer NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_email_idx` ON `login_attempts` (`email`,`at`);--> statement-breakpoint
CREATE INDEX `login_attempts_ip_idx` ON `login_attempts` (`ip`,`at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`first_name` text NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`role` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`google_sub` text,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`contact_person` text DEFAULT '' NOT NULL,
	`region` text DEFAULT 'kuwait' NOT NULL,
	`currency` text DEFAULT 'KWD' NOT NULL,
	`sheet_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `company_members` (
	`user_id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_members_company_idx` ON `company_members` (`company_id`);--> statement-breakpoint
CREATE TABLE `riders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`vehicle_type` text DEFAULT 'motorcycle' NOT NULL,
	`license_number` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`region` text DEFAULT 'KWD' NOT NULL,
	`on_duty` integer DEFAULT false NOT NULL,
	`last_lat` real,
	`last_lng` real,
	`last_seen_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `riders_user_id_unique` ON `riders` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `riders_email_unique` ON `riders` (`email`);--> statement-breakpoint
CREATE INDEX `riders_company_idx` ON `riders` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `riders_duty_idx` ON `riders` (`on_duty`,`last_seen_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`rider_id` text,
	`customer_name` text NOT NULL,
	`customer_phone` text DEFAULT '' NOT NULL,
	`customer_email` text DEFAULT '' NOT NULL,
	`pickup_address` text NOT NULL,
	`delivery_address` text NOT NULL,
	`item_description` text DEFAULT '' NOT NULL,
	`delivery_fee_minor` integer DEFAULT 0 NOT NULL,
	`cod_amount_minor` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'KWD' NOT NULL,
	`payment_method` text DEFAULT 'cash' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`status`,`currency`,`delivery_fee_minor`);--> statement-breakpoint
CREATE INDEX `orders_company_idx` ON `orders` (`company_id`,`created_at`,`status`);--> statement-breakpoint
CREATE INDEX `orders_rider_idx` ON `orders` (`rider_id`,`created_at`,`status`);--> statement-breakpoint
CREATE TABLE `captures` (
	`id` text PRIMARY KEY NOT NULL,
	`rider_id` text NOT NULL,
	`type` text NOT NULL,
	`image_path` text,
	`ocr_text` text,
	`ocr_confidence` real,
	`value_minor` integer,
	`value_km` integer,
	`currency` text,
	`lat` real,
	`lng` real,
	`accuracy_m` real,
	`captured_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `captures_rider_idx` ON `captures` (`rider_id`,`captured_at`);--> statement-breakpoint
CREATE TABLE `cash_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`rider_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`confirmed_at` integer,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cash_submissions_rider_idx` ON `cash_submissions` (`rider_id`,`status`);--> statement-breakpoint
CREATE TABLE `duty_breaks` (
	`id` text PRIMARY KEY NOT NULL,
	`shift_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`shift_id`) REFERENCES `duty_shifts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `duty_breaks_shift_idx` ON `duty_breaks` (`shift_id`);--> statement-breakpoint
CREATE TABLE `duty_shifts` (
	`id` text PRIMARY KEY NOT NULL,
	`rider_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`start_odometer_km` integer,
	`end_odometer_km` integer,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `duty_shifts_rider_idx` ON `duty_shifts` (`rider_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `location_pings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rider_id` text NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`accuracy_m` real,
	`recorded_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `location_pings_rider_idx` ON `location_pings` (`rider_id`,`recorded_at`);--> statement-breakpoint
CREATE TABLE `performance_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`rider_id` text NOT NULL,
	`orders_completed` integer NOT NULL,
	`orders_per_hour` real NOT NULL,
	`total_distance_km` real NOT NULL,
	`average_order_time_min` real NOT NULL,
	`cash_collected_minor` integer NOT NULL,
	`efficiency` real NOT NULL,
	`working_hours` real NOT NULL,
	`sync_type` text NOT NULL,
	`recorded_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `performance_rider_idx` ON `performance_snapshots` (`rider_id`,`recorded_at`);--> statement-breakpoint
CREATE TABLE `chat_conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_conversations_user_idx` ON `chat_conversations` (`user_id`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`sender` text NOT NULL,
	`content` text NOT NULL,
	`type` text DEFAULT 'text' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `chat_conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_messages_conversation_idx` ON `chat_messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`inquiry_type` text NOT NULL,
	`message` text NOT NULL,
	`preferred_contact` text DEFAULT 'email' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`company` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`emailed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`);--> statement-breakpoint
CREATE TABLE `support_tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text,
	`subject` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_tickets_user_idx` ON `support_tickets` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`detail` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text NOT NULL,
	`user_id` text NOT NULL,
	`scope` text NOT NULL,
	`response_status` integer NOT NULL,
	`response_body` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_key_idx` ON `idempotency_keys` (`user_id`,`scope`,`key`);