ALTER TABLE `companies` ADD `weekend` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `pickup_address_parts` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_address_parts` text;