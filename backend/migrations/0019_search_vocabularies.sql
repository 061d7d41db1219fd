-- The terms of each word index (decision 047): a broad search expands its last, typed-so-far word into the
-- few terms it stands for with one range read, then tests each row of its first page with an exact-term
-- query instead of building the set of every match. fts5vocab tables hold no data of their own.
CREATE VIRTUAL TABLE `users_fts_vocab` USING fts5vocab(`users_fts`, 'row');
CREATE VIRTUAL TABLE `organizations_fts_vocab` USING fts5vocab(`organizations_fts`, 'row');
CREATE VIRTUAL TABLE `activity_log_fts_vocab` USING fts5vocab(`activity_log_fts`, 'row');
CREATE VIRTUAL TABLE `mail_log_fts_vocab` USING fts5vocab(`mail_log_fts`, 'row');
