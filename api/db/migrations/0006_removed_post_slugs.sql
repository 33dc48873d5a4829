CREATE TABLE `removed_post_slugs` (
	`blog_id` text NOT NULL,
	`slug` text NOT NULL,
	`removed_at` integer NOT NULL,
	PRIMARY KEY(`blog_id`, `slug`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
