ALTER TABLE `orders` ADD `api_request_hash` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `customer_locale` text;