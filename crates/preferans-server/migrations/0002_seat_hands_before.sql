-- The hands finished before a person claimed the seat: those were played without him (a
-- move timer plays a free seat's turns), so their summaries keep calling the seat "seat N".
-- Seats claimed before this column existed count from the first hand, as they did.
ALTER TABLE pref_seats ADD COLUMN hands_before BIGINT NOT NULL DEFAULT 0;
