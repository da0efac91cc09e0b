-- sync_pull's page query without JIT compilation (issue 20 §3: the pull within 2x of its floor).
-- On PostgreSQL 15 (jit = on, jit_above_cost = 100000, the defaults) the planner prices
-- app.pull_changes' page query far above the JIT threshold: it estimates each of the ten per-table
-- sub-selects that build a row's JSON for every change of the page. So every page compiled its
-- expressions with LLVM first. auto_explain of one page of 1,000 comments on PostgreSQL 15:
-- 124 ms for the query, of which JIT took 90 ms (emission 80 ms); the query itself runs in about
-- 35 ms. A page is a short OLTP read that never runs long enough to repay a compilation, so the
-- function runs with JIT off. Nothing it reads or answers changes; PGlite has no JIT and is not
-- affected.
alter function app.pull_changes(text, jsonb, integer, boolean) set jit = off;
