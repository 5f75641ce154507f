CREATE TABLE `manager_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `manager_invitations_token_hash_unique` ON `manager_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `manager_invitations_user_idx` ON `manager_invitations` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
UPDATE `users` SET `last_sign_in_at` = max(coalesce((SELECT max(`at`) FROM `login_attempts` WHERE `login_attempts`.`email` = `users`.`email` AND `login_attempts`.`success` = 1), 0), coalesce((SELECT max(`created_at`) FROM `sessions` WHERE `sessions`.`user_id` = `users`.`id`), 0)) WHERE EXISTS (SELECT 1 FROM `login_attempts` WHERE `login_attempts`.`email` = `users`.`email` AND `login_attempts`.`success` = 1) OR EXISTS (SELECT 1 FROM `sessions` WHERE `sessions`.`user_id` = `users`.`id`);
