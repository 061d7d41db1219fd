-- Issue 30: a search of the E911 list finds its addresses through the trigram index, then the numbers of those
-- addresses (phone_numbers_e911_address_idx) and keeps the list's rows (organization, status) sorted by number.
-- With the address id alone in the index, each of those numbers was read from the table: ~3,300 row reads for
-- "Dental 42" at a million numbers, twice (the capped count, then the page). The index now carries what both
-- queries read, so they are answered from it alone (1.8 → 0.6 ms and 1.8 → 0.7 ms in the sqlite3 shell on the
-- bench's large state, bench/README.md). Its leading column is unchanged, so every other use of it stays.
DROP INDEX IF EXISTS `phone_numbers_e911_address_idx`;
CREATE INDEX `phone_numbers_e911_address_idx` ON `phone_numbers` (`e911_address_id`, `organization_id`, `status`, `e164`);
