CREATE TABLE `post_fingerprints` (
	`post_id` text PRIMARY KEY NOT NULL,
	`post_updated_at` integer NOT NULL,
	`shingles` blob NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
