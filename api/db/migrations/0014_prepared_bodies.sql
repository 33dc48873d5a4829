CREATE TABLE `prepared_bodies` (
	`post_id` text PRIMARY KEY NOT NULL,
	`post_updated_at` integer NOT NULL,
	`links_signature` text NOT NULL,
	`sanitizer_version` integer NOT NULL,
	`html` text NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
