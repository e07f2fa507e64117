/**
 * Simulated earnings-call transcripts. The numbers quoted are those of the earnings event (EPS,
 * revenue, margins), and guidance is anchored on the next quarter's estimate. Guidance, revenue,
 * margin and risk each get plain declarative sentences, so a summariser can pick them out.
 */
import type { Transcript, TranscriptSection } from '../../market-data.port.ts'
import type { EarningsModel } from './earnings.ts'
import type { Company } from './shared.ts'
import { insiders, money, ORDINAL, pct, personName, sectorStyle } from './shared.ts'
import { rand } from './random.ts'

const FIRMS = [
  'Northbridge Securities',
  'Halvorsen & Co.',
  'Keystone Capital Markets',
  'Meridian Research',
  'Bayview Partners',
  'Summit Equity Research',
]

export interface TranscriptInput {
  company: Company
  event: EarningsModel
  /** The same quarter a year earlier, for year-over-year comparisons. */
  yearAgo: EarningsModel
  /** The following quarter, whose estimate anchors the guidance. */
  next: EarningsModel
}

export function transcriptId(symbol: string, year: number, quarter: number): string {
  return `${symbol}-${year}Q${quarter}`
}

/** Everything the call says, drawn in one fixed order from the call's seeded stream. */
function callFacts(seed: string, { company, event: e, yearAgo, next }: TranscriptInput) {
  const r = rand(seed, company.symbol, e.year, e.quarter, 'transcript')
  const style = sectorStyle(company.sector)
  const roster = insiders(seed, company.symbol)
  const ceo = roster[0]?.name ?? 'the CEO'
  const cfo = roster[1]?.name ?? 'the CFO'
  const beatEps = e.epsActual > e.epsEstimate
  const beatRevenue = e.revenueActual >= e.revenueEstimate
  const yoy = e.revenueActual / yearAgo.revenueActual - 1
  const marginBps = Math.round((e.grossMargin - yearAgo.grossMargin) * 10_000)
  const stance = beatEps && beatRevenue ? 'raising' : !beatEps && !beatRevenue ? 'lowering' : 'reaffirming'
  const tilt =
    stance === 'raising' ? r.between(0.005, 0.03) : stance === 'lowering' ? -r.between(0.005, 0.03) : 0
  const mid = next.revenueEstimate * (1 + tilt)
  const [low, high] = [mid * 0.985, mid * 1.015]
  const [product = 'business', driver = product] = r.sample(style.products, 2)
  const [risk1 = 'competition', risk2 = 'macroeconomic uncertainty', risk3 = 'execution risk'] = r.sample(
    style.risks,
    3,
  )
  const quarterName = `${ORDINAL[e.quarter]} quarter`
  const nextName = `${ORDINAL[next.quarter]} quarter`
  const analysts = [0, 1].map(
    (i) => `${personName(seed, company.symbol, e.year, e.quarter, 'analyst', i)}, ${r.pick(FIRMS)}`,
  )
  // Drawn last: the order of draws fixes every number, so a new draw goes at the end.
  const buyback = money(e.revenueActual * r.between(0.03, 0.12))
  return {
    company,
    e,
    next,
    ceo,
    cfo,
    beatRevenue,
    yoy,
    marginBps,
    stance,
    tilt,
    low,
    high,
    product,
    driver,
    risk1,
    risk2,
    risk3,
    quarterName,
    nextName,
    analysts,
    buyback,
  }
}
type CallFacts = ReturnType<typeof callFacts>

const upDown = (x: number) => (x >= 0 ? 'up' : 'down')

/** The operator's opening, then the CEO's and the CFO's prepared remarks. */
function preparedRemarks(f: CallFacts): TranscriptSection[] {
  const { company, e, ceo, cfo, beatRevenue, yoy, marginBps, stance, tilt, low, high } = f
  const { product, driver, risk1, risk2, quarterName, nextName, buyback } = f
  return [
    {
      speaker: 'Operator',
      role: 'Operator',
      text:
        `Good ${e.hour === 'bmo' ? 'morning' : 'afternoon'}, and welcome to the ${company.name} ${quarterName} ${e.year} earnings conference call. ` +
        `All participants are in listen-only mode; after the prepared remarks we will open the line for questions. ` +
        `I would now like to turn the call over to ${ceo}, Chief Executive Officer.`,
    },
    {
      speaker: ceo,
      role: 'CEO',
      text:
        `Thank you, operator, and thanks to everyone for joining us. ` +
        `${beatRevenue ? 'We delivered a strong quarter' : 'This was a more challenging quarter than we had planned'}, with solid execution in our ${product}. ` +
        `Revenue for the quarter was ${money(e.revenueActual)}, ${upDown(yoy)} ${pct(Math.abs(yoy))} year over year and ${beatRevenue ? 'ahead of' : 'below'} the consensus estimate of ${money(e.revenueEstimate)}. ` +
        `Demand in our ${driver} ${yoy >= 0 ? 'remained healthy' : 'softened during the quarter'}. ` +
        `Based on what we see today, we are ${stance} our full-year guidance. ` +
        `With that, I will hand the call over to ${cfo}, our Chief Financial Officer.`,
    },
    {
      speaker: cfo,
      role: 'CFO',
      text:
        `Thank you, ${ceo.split(' ')[0] ?? ceo}. Diluted earnings per share were $${e.epsActual.toFixed(2)}, compared with the consensus estimate of $${e.epsEstimate.toFixed(2)}. ` +
        `Gross margin was ${pct(e.grossMargin)}, ${upDown(marginBps)} ${Math.abs(marginBps)} basis points from a year ago, and operating margin was ${pct(e.operatingMargin)}. ` +
        `For the ${nextName}, our guidance calls for revenue between ${money(low)} and ${money(high)}, with gross margin of approximately ${pct(e.grossMargin + tilt / 2)}. ` +
        `The main risks to this outlook are ${risk1} and ${risk2}. ` +
        `We returned ${buyback} to shareholders through buybacks and dividends during the quarter.`,
    },
  ]
}

/** The question-and-answer session and the close. */
function questionsAndAnswers(f: CallFacts): TranscriptSection[] {
  const { e, ceo, cfo, beatRevenue, marginBps, product, driver, risk3, nextName, analysts } = f
  return [
    {
      speaker: 'Operator',
      role: 'Operator',
      text: `We will now begin the question-and-answer session. Our first question comes from ${analysts[0]}; please go ahead.`,
    },
    {
      speaker: analysts[0] ?? 'Analyst',
      role: 'Analyst',
      text: `Thanks for taking my question. Could you walk us through the drivers of the gross margin ${marginBps >= 0 ? 'expansion' : 'decline'}, and how sustainable is it into the ${nextName}?`,
    },
    {
      speaker: cfo,
      role: 'CFO',
      text:
        `Sure. The margin ${marginBps >= 0 ? 'improvement came mainly from a better mix' : 'pressure came mainly from a weaker mix'} in our ${driver} and ${marginBps >= 0 ? 'lower' : 'higher'} input costs. ` +
        `We expect operating margin to stay close to ${pct(e.operatingMargin)} next quarter, which is reflected in our guidance.`,
    },
    {
      speaker: analysts[1] ?? 'Analyst',
      role: 'Analyst',
      text: `On the revenue outlook, what are you assuming for demand in the second half, and which risks worry you most?`,
    },
    {
      speaker: ceo,
      role: 'CEO',
      text:
        `We have taken a prudent approach to the outlook. The biggest risk we see is ${risk3}, and we have built that into the guidance range. ` +
        `Outside that, our revenue pipeline for the ${product} is ${beatRevenue ? 'the strongest it has been in several quarters' : 'stable, although customers are taking longer to commit'}.`,
    },
    {
      speaker: 'Operator',
      role: 'Operator',
      text: 'This concludes the question-and-answer session and today’s conference call. Thank you for participating; you may now disconnect.',
    },
  ]
}

export function transcriptFor(seed: string, input: TranscriptInput): Transcript {
  const f = callFacts(seed, input)
  const { company, e } = f
  const sections = [...preparedRemarks(f), ...questionsAndAnswers(f)]
  return {
    id: transcriptId(company.symbol, e.year, e.quarter),
    symbol: company.symbol,
    title: `${company.name} (${company.symbol}) Q${e.quarter} ${e.year} Earnings Call Transcript`,
    year: e.year,
    quarter: e.quarter,
    time: e.callAt.toISOString(),
    sections,
  }
}
