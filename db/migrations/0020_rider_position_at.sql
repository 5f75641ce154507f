ALTER TABLE `riders` ADD `position_at` integer;--> statement-breakpoint
UPDATE `riders` SET `position_at` = `last_seen_at` WHERE `last_lat` IS NOT NULL;