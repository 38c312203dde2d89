-- A PDF's bytes are already deflated: PostgreSQL's TOAST compression (pglz) spent CPU on every
-- stored PDF for little gain, and again on every read. Stored out of line, uncompressed; rows
-- already stored keep their form until rewritten (both read alike).
ALTER TABLE "documents" ALTER COLUMN "content" SET STORAGE EXTERNAL;
