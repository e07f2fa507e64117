/**
 * Research themes: each a fixed basket of up to five large members of the theme (in the
 * simulated universe; a live vendor lists them all). Documented on POST /market-research/runs.
 */
export const THEMES = {
  mega_cap_tech: ['AAPL', 'MSFT', 'NVDA', 'GOOGL', 'AMZN'],
  semiconductors: ['NVDA', 'AVGO', 'AMD', 'QCOM', 'MU'],
  software: ['MSFT', 'ORCL', 'CRM', 'ADBE', 'NOW'],
  banks: ['JPM', 'BAC', 'WFC', 'C', 'PNC'],
  energy: ['XOM', 'CVX', 'COP', 'EOG', 'SLB'],
  healthcare: ['LLY', 'JNJ', 'ABBV', 'UNH', 'MRK'],
  consumer_staples: ['WMT', 'COST', 'PG', 'KO', 'PEP'],
  utilities: ['NEE', 'SO', 'DUK', 'AEP', 'D'],
  industrials: ['GE', 'CAT', 'HON', 'UNP', 'DE'],
  real_estate: ['PLD', 'AMT', 'EQIX', 'SPG', 'O'],
} as const satisfies Record<string, readonly string[]>

export type Theme = keyof typeof THEMES
export const THEME_NAMES = Object.keys(THEMES) as Theme[]

export const themeDoc = (): string => THEME_NAMES.map((t) => `${t}: ${THEMES[t].join(', ')}`).join('; ')
