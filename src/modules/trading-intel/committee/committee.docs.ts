/**
 * The rules the committee's operations describe in the OpenAPI document, built from the named
 * constants so that the document and the code cannot disagree.
 */
import { DEFAULT_CONFIG } from './lib/config.ts'
import { ACTION_THRESHOLD } from './lib/decide.ts'
import * as flow from './lib/flow.ts'
import * as fund from './lib/fundamental.ts'
import { STANCE_BAND } from './lib/opinion.ts'
import * as risk from './lib/risk.ts'
import * as news from './lib/sentiment.ts'
import * as tech from './lib/technical.ts'

const d = DEFAULT_CONFIG
const members = Object.entries(d.members)
  .map(([a, m]) => `${a} ${m.enabled ? 'on' : 'off'} weight ${m.weight}`)
  .join(', ')

export const DEFAULTS_DOC =
  `Defaults (until the first PATCH): ${members}; risk max_position_weight ${d.risk.max_position_weight}, ` +
  `max_size_per_decision ${d.risk.max_size_per_decision}, min_conviction ${d.risk.min_conviction}; model ${d.model}.`

export const MODEL_DOC =
  'The model decides only when `model` is true, a language model is configured (LLM_BASE_URL) and the ' +
  "tenant's plan has the feature `committee_model` (Premium); otherwise the rules decide. Runs are on " +
  'every plan (no plan feature gates them); `committee_model` gates only the model. `model: true` is accepted without a configured model: `model_status` says it is ' +
  'unavailable and why. Each run records whether the model was active when it was created.'

export const ANALYSTS_DOC =
  `Analysts, in order (each enabled voting analyst gives an opinion: score in [-1, 1], confidence in ` +
  `[0, 1], stance bullish at score ≥ ${STANCE_BAND}, bearish at ≤ -${STANCE_BAND}, else neutral; evidence; summary). ` +
  `technical: daily closes (${tech.MIN_BARS}+ bars) — close vs SMA50 and vs SMA200 ±${tech.COMPONENT} each, ` +
  `RSI14 ≥ ${tech.RSI_OVERBOUGHT} → -${tech.COMPONENT}, ≤ ${tech.RSI_OVERSOLD} → +${tech.COMPONENT}, between ` +
  `${tech.COMPONENT}·(RSI-50)/20, MACD(12,26,9) histogram sign ·${tech.COMPONENT}; confidence = components with ` +
  `history / 4. fundamental: mean EPS surprise (actual-estimate)/|estimate| of the last ${fund.REPORTED_QUARTERS} ` +
  `reported quarters / ${fund.SURPRISE_FULL} (clamped), confidence quarters/${fund.REPORTED_QUARTERS}; not ` +
  `available from the ports: ${fund.MISSING.join(', ')}. news_sentiment: headlines of ${news.LOOKBACK_DAYS} days ` +
  `(at most ${news.MAX_HEADLINES}): each analyst action counts ${news.ANALYST_WEIGHT} hits — upgrades, price ` +
  `targets raised and Buy/Outperform/Overweight ratings stated positive; downgrades, targets cut and ` +
  `Sell/Underperform/Underweight ratings negative; Hold/Neutral/Equal Weight neither (a rating named in an ` +
  `action is not read as a word) — then the other words on a lexicon of ${news.POSITIVE.length} positive and ` +
  `${news.NEGATIVE.length} negative words, one hit each: (P-N)/(P+N), confidence min(1, (P+N)/${news.HITS_FULL}). flow: ` +
  `put/call volume ratio of the nearest expiration: (${flow.NEUTRAL_PCR} - PCR)/${flow.PCR_SPAN} clamped (no ` +
  `calls → -1); fewer than ${flow.MIN_VOLUME} contracts → 0 with confidence 0; confidence ` +
  `min(1, log10(volume)/${flow.VOLUME_FULL_LOG10}). risk_manager: annualized volatility of ${risk.VOL_RETURNS} ` +
  `daily returns, ATR${risk.ATR_PERIOD}, position weight vs max_position_weight: at or above the limit → -1, ` +
  `else (${risk.VOL_NEUTRAL} - volatility)/${risk.VOL_SPAN} clamped. A provider failing for one analyst makes ` +
  `its opinion unavailable (status, reason) and the others decide; all unavailable → the run fails ` +
  '(committee.all_analysts_unavailable).'

export const DECISION_DOC =
  'portfolio_manager (rules): S = Σ w·c·score / Σ w·c over available opinions, coverage = Σ w·c / Σ w over ' +
  `enabled voting analysts, conviction = |S|·coverage; buy at S ≥ ${ACTION_THRESHOLD}, sell at S ≤ ` +
  `-${ACTION_THRESHOLD}, when conviction ≥ min_conviction; hold otherwise. Size: max_size_per_decision·conviction ` +
  'of the account value (Σ |market value| of the account, or of every account), a buy capped by the headroom ' +
  'to max_position_weight, a sale by the position held; shares = floor(% · account value / last close). ' +
  'With the model: it gets the opinions and the rule proposal and must answer JSON {action, conviction, ' +
  'rationale}; a valid answer replaces action and conviction (below min_conviction → hold) and the same size ' +
  'rules apply (method "model", evidence.rule_action); a failure, an exhausted daily budget or an invalid ' +
  'answer adds a `model_fallback` event {reason, detail} and the rules decide.'

export const EVENTS_DOC =
  'Events, numbered seq = 1, 2, … per run: `started`; `analyst_opinion` (the opinion) per enabled voting ' +
  'analyst in order; `model_fallback` when the model was active and could not be used; then exactly one of ' +
  '`decision` ({decision, opinions}), `failed` ({code, detail}) or `cancelled` ({previous_status}). Failure ' +
  'codes: committee.all_analysts_unavailable, committee.internal, committee.interrupted (the worker stopped ' +
  'mid-run; its redelivered job closes the run so that it can be retried).'

export const STATES_DOC =
  'Status: queued → running → completed | failed; queued or running → cancelled (cancel; the job checks ' +
  'before each analyst and stops); failed or cancelled → retry creates a NEW run (same symbol, account and ' +
  'configuration snapshot, retry_of = the old id). The configuration is read when the run is created.'
