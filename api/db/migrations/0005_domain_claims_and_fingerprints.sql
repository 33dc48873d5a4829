CREATE TABLE `post_fingerprints` (
	`post_id` text PRIMARY KEY NOT NULL,
	`post_updated_at` integer NOT NULL,
	`shingles` blob NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `blogs_custom_domain_unique`;--> statement-breakpoint
ALTER TABLE `blogs` ADD `domain_claimed_at` integer;--> statement-breakpoint
ALTER TABLE `blogs` ADD `domain_claim_ended` text;--> statement-breakpoint
ALTER TABLE `blogs` ADD `domain_claim_ended_for` text;--> statement-breakpoint
CREATE UNIQUE INDEX `blogs_verified_custom_domain_unique` ON `blogs` (`custom_domain`) WHERE domain_verified = 1;--> statement-breakpoint
CREATE INDEX `blogs_custom_domain_idx` ON `blogs` (`custom_domain`);--> statement-breakpoint
UPDATE `blogs` SET `domain_claimed_at` = (unixepoch() * 1000) WHERE `custom_domain` IS NOT NULL AND `domain_verified` = 0;