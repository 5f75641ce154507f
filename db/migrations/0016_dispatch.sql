CREATE TABLE `dispatch_offer_orders` (
	`offer_id` text NOT NULL,
	`order_id` text NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`offer_id`, `order_id`),
	FOREIGN KEY (`offer_id`) REFERENCES `dispatch_offers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dispatch_offer_orders_order_idx` ON `dispatch_offer_orders` (`order_id`);--> statement-breakpoint
CREATE TABLE `dispatch_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`rider_id` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`answered_at` integer,
	`distance_km` real DEFAULT 0 NOT NULL,
	`score` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dispatch_offers_rider_idx` ON `dispatch_offers` (`rider_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `dispatch_offers_open_idx` ON `dispatch_offers` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `dispatch_offers_company_idx` ON `dispatch_offers` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `dispatch_rider_state` (
	`rider_id` text PRIMARY KEY NOT NULL,
	`consecutive_timeouts` integer DEFAULT 0 NOT NULL,
	`paused_at` integer,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dispatch_settings` (
	`company_id` text PRIMARY KEY NOT NULL,
	`mode` text DEFAULT 'manual' NOT NULL,
	`offer_seconds` integer DEFAULT 60 NOT NULL,
	`max_attempts` integer DEFAULT 5 NOT NULL,
	`batch_radius_meters` integer DEFAULT 500 NOT NULL,
	`timeouts_to_pause` integer DEFAULT 3 NOT NULL,
	`max_load` integer DEFAULT 3 NOT NULL,
	`updated_at` integer,
	`updated_by` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `eta_model` (
	`company_id` text NOT NULL,
	`vehicle_type` text NOT NULL,
	`hour` integer NOT NULL,
	`speed_kmh` real NOT NULL,
	`detour_factor` real NOT NULL,
	`samples` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `eta_model_key` ON `eta_model` (`company_id`,`vehicle_type`,`hour`);--> statement-breakpoint
ALTER TABLE `orders` ADD `pickup_lat` real;--> statement-breakpoint
ALTER TABLE `orders` ADD `pickup_lng` real;--> statement-breakpoint
ALTER TABLE `orders` ADD `dropoff_lat` real;--> statement-breakpoint
ALTER TABLE `orders` ADD `dropoff_lng` real;--> statement-breakpoint
ALTER TABLE `orders` ADD `promised_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `required_vehicle` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `dispatch_state` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `dispatch_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `eta_pickup_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `eta_dropoff_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `eta_updated_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `api_idempotency_key` text;--> statement-breakpoint
CREATE INDEX `orders_dispatch_idx` ON `orders` (`company_id`,`dispatch_state`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_api_key_idx` ON `orders` (`company_id`,`api_idempotency_key`);