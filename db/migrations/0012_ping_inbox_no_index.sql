DROP INDEX `ping_inbox_rider_idx`;--> statement-breakpoint
ALTER TABLE `ping_inbox` ADD `by_phone_time` integer DEFAULT true NOT NULL;