-- Mail on Cloudflare Queues (issue 24, decision 031).
--
-- 1. `message_encrypted`: the message as the relay must receive it (subject, text and HTML with their real
--    links), encrypted with APP_KEY (lib/crypto.ts encryptSecret, like SMTP passwords and porting PINs). The
--    queue message carries only the row's id; the consumer decrypts this to send. It is cleared once the relay
--    accepted the message, and kept while the row is queued, failed or not sent, so "Retry" can send it again.
--    `html` and `text` stay the redacted copy the mail log shows.
-- 2. `not_before`: when the row may next be claimed for sending. A claim sets it a lease ahead (a duplicate
--    delivery finds it taken), a temporary failure sets it to the next retry; NULL = at once.
-- Rows queued before this migration have no stored message: they cannot be sent again, so they are failed.

ALTER TABLE `mail_log` ADD `message_encrypted` text;
ALTER TABLE `mail_log` ADD `not_before` text;

UPDATE `mail_log` SET `status` = 'failed', `error` = 'interrupted' WHERE `status` = 'queued';
