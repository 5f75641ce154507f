DROP INDEX `ping_inbox_rider_idx`;--> statement-breakpoint
ALTER TABLE `ping_inbox` ADD `by_phone_time` integer DEFAULT false NOT NULL;