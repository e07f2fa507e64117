/**
 * Risk tools. `inverse_fund` is GLOBAL (no tenant_id, no RLS): the inverse-fund table of
 * docs/definitions.md#inverse-funds as seed data, each row with the date it was last checked (`verified_at`),
 * since issuers change indexes and leverage; read through `scopes.withGlobal`. `exit_strategy` is a
 * tenant table: named exit rule sets, unique by name per tenant, listed by its key (tenant_id, id);
 * `account_id` names a portfolio account (checked through the portfolio API, no foreign key across
 * modules).
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

type Seed = [
  ticker: string,
  issuer: string,
  underlying: string,
  key: string,
  bench: string | null,
  lev: number,
]

const SPX = 'index:SPX'
const NDX = 'index:NDX'
const DJIA = 'index:DJIA'
const RUT = 'index:RUT'
const SEMIS = 'industry:Semiconductors & Semiconductor Equipment'

/** The inverse funds (docs/definitions.md#inverse-funds); keys and benchmarks are ours (README.md). */
const FUNDS: Seed[] = [
  ['SH', 'ProShares', 'S&P 500', SPX, 'SPY', -1],
  ['PSQ', 'ProShares', 'Nasdaq-100', NDX, 'QQQ', -1],
  ['DOG', 'ProShares', 'Dow Jones Industrial Average', DJIA, 'DIA', -1],
  ['RWM', 'ProShares', 'Russell 2000', RUT, 'IWM', -1],
  ['SDS', 'ProShares', 'S&P 500', SPX, 'SPY', -2],
  ['QID', 'ProShares', 'Nasdaq-100', NDX, 'QQQ', -2],
  ['DXD', 'ProShares', 'Dow Jones Industrial Average', DJIA, 'DIA', -2],
  ['TWM', 'ProShares', 'Russell 2000', RUT, 'IWM', -2],
  ['SPXU', 'ProShares', 'S&P 500', SPX, 'SPY', -3],
  ['SQQQ', 'ProShares', 'Nasdaq-100', NDX, 'QQQ', -3],
  ['SDOW', 'ProShares', 'Dow Jones Industrial Average', DJIA, 'DIA', -3],
  ['SRTY', 'ProShares', 'Russell 2000', RUT, 'IWM', -3],
  ['MYY', 'ProShares', 'S&P MidCap 400', 'index:MID', 'MDY', -1],
  ['MZZ', 'ProShares', 'S&P MidCap 400', 'index:MID', 'MDY', -2],
  ['SMDD', 'ProShares', 'S&P MidCap 400', 'index:MID', 'MDY', -3],
  ['SBB', 'ProShares', 'S&P SmallCap 600', 'index:SML', null, -1],
  ['SDD', 'ProShares', 'S&P SmallCap 600', 'index:SML', null, -2],
  ['SEF', 'ProShares', 'Financials', 'sector:Financials', 'XLF', -1],
  ['REK', 'ProShares', 'Real estate', 'sector:Real Estate', 'XLRE', -1],
  ['SKF', 'ProShares', 'S&P Financial Select Sector (since 2023-03-20)', 'sector:Financials', 'XLF', -2],
  ['SRS', 'ProShares', 'Real estate', 'sector:Real Estate', 'XLRE', -2],
  ['REW', 'ProShares', 'Technology', 'sector:Information Technology', 'XLK', -2],
  ['SSG', 'ProShares', 'Semiconductors', SEMIS, 'SOXX', -2],
  ['DUG', 'ProShares', 'Oil & gas', 'sector:Energy', 'XLE', -2],
  ['SMN', 'ProShares', 'Basic materials', 'sector:Materials', 'XLB', -2],
  ['SIJ', 'ProShares', 'Industrials', 'sector:Industrials', 'XLI', -2],
  ['SZK', 'ProShares', 'Consumer goods', 'sector:Consumer Staples', 'XLP', -2],
  ['SCC', 'ProShares', 'Consumer services', 'sector:Consumer Discretionary', 'XLY', -2],
  ['RXD', 'ProShares', 'Health care', 'sector:Health Care', 'XLV', -2],
  ['SDP', 'ProShares', 'Utilities', 'sector:Utilities', 'XLU', -2],
  ['SPXS', 'Direxion', 'S&P 500', SPX, 'SPY', -3],
  ['TZA', 'Direxion', 'Russell 2000', RUT, 'IWM', -3],
  ['FAZ', 'Direxion', 'Financials', 'sector:Financials', 'XLF', -3],
  ['SOXS', 'Direxion', 'NYSE Semiconductor Index (PHLX SOX before 2021-08-25)', SEMIS, 'SOXX', -3],
  ['ERY', 'Direxion', 'S&P Energy Select Sector (−3× until 2020-03-31)', 'sector:Energy', 'XLE', -2],
]

/** Rows marked "verify": the index or leverage was not confirmed with the issuer. */
const VERIFY = new Set(['SRS', 'REW', 'SSG', 'DUG', 'SMN', 'SIJ', 'SZK', 'SCC', 'RXD', 'SDP', 'SPXS', 'FAZ'])

/** Expense ratios found in issuer or fund-data pages (README.md); the others stay null. */
const EXPENSE: Record<string, [ratio: number, source: string]> = {
  SH: [0.0089, 'proshares.com SH fund page (gross and net 0.89 %, as of 2023-09-28)'],
  SDS: [0.009, 'etfrc.com SDS profile (90 bp, as of 2025-08-31)'],
  PSQ: [0.0095, 'etf-calc.com PSQ page (0.95 % a year, March 2026)'],
  QID: [0.0095, 'etf-calc.com PSQ page, related ETFs (0.95 %, March 2026)'],
  SQQQ: [0.0095, 'etf.com SQQQ summary (0.95 %, as of 2022-05-11); etf-calc.com (0.95 %, March 2026)'],
}

/** The date the rows were checked against the issuers' fund pages. */
const VERIFIED_AT = '2026-11-26'

const lit = (v: string | number | null) =>
  v === null ? 'null' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`

function seedRows(): string {
  return FUNDS.map(([ticker, issuer, underlying, key, bench, lev]) => {
    const [ratio, source] = EXPENSE[ticker] ?? [null, null]
    const note = VERIFY.has(ticker) ? 'verify the index with the issuer' : null
    const cols = [ticker, issuer, underlying, key, bench, lev, ratio, source, VERIFIED_AT, note]
    return `(${cols.map(lit).join(', ')})`
  }).join(',\n')
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table inverse_fund (
       ticker               text primary key check (ticker ~ '^[A-Z]{1,8}$'),
       issuer               text not null,
       underlying           text not null,
       index_key            text not null,
       benchmark            text,
       daily_leverage       integer not null check (daily_leverage between -3 and -1),
       expense_ratio        numeric check (expense_ratio >= 0 and expense_ratio < 0.1),
       expense_ratio_source text,
       verified_at          date not null,
       note                 text
     )`,
    `create index inverse_fund_index_idx on inverse_fund (index_key, daily_leverage desc)`,
    `insert into inverse_fund (ticker, issuer, underlying, index_key, benchmark, daily_leverage,
       expense_ratio, expense_ratio_source, verified_at, note) values ${seedRows()}`,
    `create table exit_strategy (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       name       text not null check (length(name) between 1 and 80),
       method     text not null check (method in ('atr', 'chandelier', 'percent')),
       atr_period integer not null check (atr_period between 2 and 100),
       multiplier numeric not null check (multiplier > 0 and multiplier <= 10),
       percent    numeric check (percent > 0 and percent < 100),
       trailing_stop boolean not null,
       account_id bigint,
       symbols    jsonb,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, name)
     )`,
    ...tenantRls('exit_strategy'),
  ])
}
