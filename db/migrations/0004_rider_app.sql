ALTER TABLE `orders` ADD `recipient_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `proof_capture_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_pin` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `pin_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `duty_shifts` ADD `start_capture_id` text;--> statement-breakpoint
ALTER TABLE `duty_shifts` ADD `end_capture_id` text;
--> statement-breakpoint
UPDATE `orders` SET `delivery_pin` = substr('0000' || (abs(random()) % 10000), -4) WHERE `delivery_pin` IS NULL;