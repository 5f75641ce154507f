ALTER TABLE `orders` ADD `dispatch_due_at` integer;--> statement-breakpoint
CREATE INDEX `orders_dispatch_due_idx` ON `orders` (`dispatch_due_at`) WHERE dispatch_due_at IS NOT NULL;