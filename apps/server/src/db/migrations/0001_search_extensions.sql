-- Typo-tolerant search (ARCHITECTURE: PostgreSQL full text plus pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
