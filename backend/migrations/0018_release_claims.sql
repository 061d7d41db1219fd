-- Bulk actions (issue 25): releasing a number claims it first, so that two releases of the same number (a
-- double click, a bulk release while someone releases it from its page) reach the carrier once (decision 030).
-- The claim is "<ISO time>|<random>"; a claim older than five minutes is stale and may be taken again.
ALTER TABLE `phone_numbers` ADD COLUMN `release_claim` text;
