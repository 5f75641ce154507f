ALTER TABLE `captures` ADD `reading_corrected` integer;--> statement-breakpoint
ALTER TABLE `cash_submissions` ADD `slip_capture_id` text REFERENCES captures(id) ON DELETE set null;