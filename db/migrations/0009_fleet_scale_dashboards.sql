CREATE TABLE `delivery_day_stats` (
	`company_id` text NOT NULL,
	`day` integer NOT NULL,
	`currency` text NOT NULL,
	`delivered` integer DEFAULT 0 NOT NULL,
	`fees_minor` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `day`, `currency`)
);
--> statement-breakpoint
CREATE TABLE `order_day_stats` (
	`company_id` text NOT NULL,
	`day` integer NOT NULL,
	`status` text NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `day`, `status`)
);
--> statement-breakpoint
DROP INDEX `location_pings_rider_idx`;--> statement-breakpoint
CREATE INDEX `location_pings_rider_idx` ON `location_pings` (`rider_id`,`recorded_at`,`lat`,`lng`);--> statement-breakpoint
CREATE INDEX `orders_company_status_idx` ON `orders` (`company_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_rider_status_idx` ON `orders` (`rider_id`,`status`,`delivered_at`);--> statement-breakpoint
CREATE TRIGGER `order_stats_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `order_day_stats` (`company_id`, `day`, `status`, `orders`)
    VALUES (NEW.`company_id`, (NEW.`created_at` + 10800000) / 86400000, NEW.`status`, 1), ('*', (NEW.`created_at` + 10800000) / 86400000, NEW.`status`, 1)
    ON CONFLICT DO UPDATE SET `orders` = `orders` + excluded.`orders`;
  INSERT INTO `delivery_day_stats` (`company_id`, `day`, `currency`, `delivered`, `fees_minor`)
    SELECT c.id, (NEW.`delivered_at` + 10800000) / 86400000, NEW.`currency`, 1, NEW.`delivery_fee_minor`
    FROM (SELECT NEW.`company_id` AS id UNION ALL SELECT '*') c WHERE NEW.`status` = 'delivered' AND NEW.`delivered_at` IS NOT NULL
    ON CONFLICT DO UPDATE SET `delivered` = `delivered` + 1, `fees_minor` = `fees_minor` + excluded.`fees_minor`;
END;--> statement-breakpoint
CREATE TRIGGER `order_stats_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE `order_day_stats` SET `orders` = `orders` - 1
    WHERE `company_id` IN (OLD.`company_id`, '*') AND `day` = (OLD.`created_at` + 10800000) / 86400000 AND `status` = OLD.`status`;
  UPDATE `delivery_day_stats` SET `delivered` = `delivered` - 1, `fees_minor` = `fees_minor` - OLD.`delivery_fee_minor`
    WHERE OLD.`status` = 'delivered' AND OLD.`delivered_at` IS NOT NULL
      AND `company_id` IN (OLD.`company_id`, '*') AND `day` = (OLD.`delivered_at` + 10800000) / 86400000 AND `currency` = OLD.`currency`;
END;--> statement-breakpoint
CREATE TRIGGER `order_stats_update` AFTER UPDATE OF `company_id`, `status`, `created_at`, `delivered_at`, `currency`, `delivery_fee_minor` ON `orders`
WHEN OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`status` IS NOT NEW.`status` OR OLD.`created_at` IS NOT NEW.`created_at`
  OR OLD.`delivered_at` IS NOT NEW.`delivered_at` OR OLD.`currency` IS NOT NEW.`currency` OR OLD.`delivery_fee_minor` IS NOT NEW.`delivery_fee_minor`
BEGIN
  UPDATE `order_day_stats` SET `orders` = `orders` - 1
    WHERE `company_id` IN (OLD.`company_id`, '*') AND `day` = (OLD.`created_at` + 10800000) / 86400000 AND `status` = OLD.`status`;
  INSERT INTO `order_day_stats` (`company_id`, `day`, `status`, `orders`)
    VALUES (NEW.`company_id`, (NEW.`created_at` + 10800000) / 86400000, NEW.`status`, 1), ('*', (NEW.`created_at` + 10800000) / 86400000, NEW.`status`, 1)
    ON CONFLICT DO UPDATE SET `orders` = `orders` + excluded.`orders`;
  UPDATE `delivery_day_stats` SET `delivered` = `delivered` - 1, `fees_minor` = `fees_minor` - OLD.`delivery_fee_minor`
    WHERE OLD.`status` = 'delivered' AND OLD.`delivered_at` IS NOT NULL
      AND `company_id` IN (OLD.`company_id`, '*') AND `day` = (OLD.`delivered_at` + 10800000) / 86400000 AND `currency` = OLD.`currency`;
  INSERT INTO `delivery_day_stats` (`company_id`, `day`, `currency`, `delivered`, `fees_minor`)
    SELECT c.id, (NEW.`delivered_at` + 10800000) / 86400000, NEW.`currency`, 1, NEW.`delivery_fee_minor`
    FROM (SELECT NEW.`company_id` AS id UNION ALL SELECT '*') c WHERE NEW.`status` = 'delivered' AND NEW.`delivered_at` IS NOT NULL
    ON CONFLICT DO UPDATE SET `delivered` = `delivered` + 1, `fees_minor` = `fees_minor` + excluded.`fees_minor`;
END;--> statement-breakpoint
INSERT INTO `order_day_stats` (`company_id`, `day`, `status`, `orders`)
  SELECT `company_id`, (`created_at` + 10800000) / 86400000, `status`, count(*) FROM `orders` GROUP BY 1, 2, 3
  UNION ALL SELECT '*', (`created_at` + 10800000) / 86400000, `status`, count(*) FROM `orders` GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO `delivery_day_stats` (`company_id`, `day`, `currency`, `delivered`, `fees_minor`)
  SELECT `company_id`, (`delivered_at` + 10800000) / 86400000, `currency`, count(*), sum(`delivery_fee_minor`) FROM `orders`
    WHERE `status` = 'delivered' AND `delivered_at` IS NOT NULL GROUP BY 1, 2, 3
  UNION ALL SELECT '*', (`delivered_at` + 10800000) / 86400000, `currency`, count(*), sum(`delivery_fee_minor`) FROM `orders`
    WHERE `status` = 'delivered' AND `delivered_at` IS NOT NULL GROUP BY 2, 3;
