CREATE TABLE `auth_epoch` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ping_inbox` (
	`id` integer PRIMARY KEY NOT NULL,
	`rider_id` text NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`accuracy_m` real,
	`recorded_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`rider_id`) REFERENCES `riders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ping_inbox_rider_idx` ON `ping_inbox` (`rider_id`,`recorded_at`);--> statement-breakpoint
INSERT INTO `auth_epoch` (`id`, `value`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_sessions_update` AFTER UPDATE ON `sessions` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_sessions_delete` AFTER DELETE ON `sessions` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_users_update` AFTER UPDATE OF `email`, `password_hash`, `first_name`, `last_name`, `role`, `locale`, `disabled` ON `users` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_users_delete` AFTER DELETE ON `users` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_riders_insert` AFTER INSERT ON `riders` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_riders_update` AFTER UPDATE OF `user_id`, `company_id` ON `riders` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_riders_delete` AFTER DELETE ON `riders` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_members_insert` AFTER INSERT ON `company_members` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_members_update` AFTER UPDATE ON `company_members` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_members_delete` AFTER DELETE ON `company_members` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_companies_update` AFTER UPDATE OF `name` ON `companies` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_epoch_companies_delete` AFTER DELETE ON `companies` BEGIN UPDATE `auth_epoch` SET `value` = `value` + 1 WHERE `id` = 1; END;
