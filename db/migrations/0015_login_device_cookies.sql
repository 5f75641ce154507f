ALTER TABLE `login_attempts` ADD `device` text;--> statement-breakpoint
CREATE INDEX `login_attempts_device_idx` ON `login_attempts` (`device`,`at`);