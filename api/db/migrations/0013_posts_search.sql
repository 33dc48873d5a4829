-- hand-written: full-text search over posts' titles and content for All Posts (decision 100).
-- An external-content FTS5 table (it stores only the index; the text stays in `posts`), with
-- the trigram tokenizer so a search matches any part of a word in any script, ignoring case
-- and accents, like the spec's "title or content contains". Triggers keep it in step with
-- every write path (editor, automation, imports, scripts).
CREATE VIRTUAL TABLE `posts_fts` USING fts5(`title`, `content`, content='posts', content_rowid='rowid', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
-- hand-written: index a new post.
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, `title`, `content`) VALUES (new.rowid, new.`title`, new.`content`);
END;
--> statement-breakpoint
-- hand-written: forget a deleted post.
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `title`, `content`) VALUES ('delete', old.rowid, old.`title`, old.`content`);
END;
--> statement-breakpoint
-- hand-written: re-index only when the searched text changes (status and schedule changes do not).
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF `title`, `content` ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, `title`, `content`) VALUES ('delete', old.rowid, old.`title`, old.`content`);
  INSERT INTO `posts_fts`(rowid, `title`, `content`) VALUES (new.rowid, new.`title`, new.`content`);
END;
--> statement-breakpoint
-- hand-written: index the posts that exist already.
INSERT INTO `posts_fts`(`posts_fts`) VALUES ('rebuild');
