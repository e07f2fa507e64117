/**
 * The offline responder: answers from the help articles alone, no language model. It searches the
 * help index with the question, and when the best passage scores at least MIN_SCORE it composes the
 * answer from it: a lead sentence naming the article, the passage (markdown stripped, trimmed at a
 * sentence end to ANSWER_MAX characters), and a pointer to a second article when one also matches
 * well. Nothing good enough → it says so plainly and points to a support case. A greeting gets a
 * short introduction; a portfolio question gets the caller's own figures from the tools first. The
 * answer streams a few words per `text` event. The same question gives the same answer.
 */
import { describeSummary } from './summary.ts'
import type { HelpHit, HelpIndex, Responder, ResponderEvent, ResponderInput, Source } from './types.ts'

/** Below this BM25 score the best passage is not an answer (scores of unrelated words sit lower). */
export const MIN_SCORE = 6
/** A second article is mentioned when its best passage scores at least this share of the first. */
const SEE_ALSO_SHARE = 0.6
const ANSWER_MAX = 900
/** Words per streamed `text` event. */
const WORDS_PER_EVENT = 4

export const NO_MATCH_ANSWER =
  'I couldn\'t find anything in Sextant\'s help articles that answers this. Try asking with the name of the feature (for example "price alerts", "connect a broker" or "two-factor authentication"), or open a support case under Support → Cases and a person from our team will answer.'

const GREETING_ANSWER =
  "Hello! I'm Sextant's support assistant. I can explain features (portfolio, broker connections, analytics, alerts, notifications, screener, watchlists, technical analysis, backtests), help with your account and security settings, troubleshoot problems, and summarise your own portfolio. What would you like to know?"

/** Markdown to plain text: links to their words, emphasis and code marks dropped, bullets kept. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/^#+ +/gm, '')
    .replace(/^\s*[-*] +/gm, '• ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** `text` cut at the last sentence end before `max` characters (or at a word, if none). */
export function trimAtSentence(text: string, max: number): string {
  if (text.length <= max) return text
  const head = text.slice(0, max)
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'), head.lastIndexOf('\n'))
  if (end > max / 3) return head.slice(0, end + 1).trim()
  return `${head.slice(0, head.lastIndexOf(' ')).trim()}…`
}

const firstSentence = (text: string): string => /^[\s\S]*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text

/** The answer composed from the hits, and the articles it used. */
export function composeAnswer(hits: HelpHit[]): { text: string; sources: Source[] } {
  const best = hits[0]
  if (!best || best.score < MIN_SCORE) return { text: NO_MATCH_ANSWER, sources: [] }
  const sources: Source[] = [{ title: best.title, slug: best.slug }]
  let text = `Here is what the help article "${best.title}" says:\n\n${trimAtSentence(plainText(best.passage), ANSWER_MAX)}`
  const other = hits.find((h) => h.slug !== best.slug && h.score >= best.score * SEE_ALSO_SHARE)
  if (other) {
    sources.push({ title: other.title, slug: other.slug })
    text += `\n\nSee also "${other.title}": ${firstSentence(plainText(other.passage))}`
  }
  return { text, sources }
}

/** `text` in groups of a few words, the whitespace kept, so the groups join back to `text`. */
export function wordGroups(text: string, size = WORDS_PER_EVENT): string[] {
  const words = text.match(/\S+\s*/g) ?? []
  const lead = /^\s*/.exec(text)![0]
  const groups: string[] = []
  for (let i = 0; i < words.length; i += size) groups.push(words.slice(i, i + size).join(''))
  if (lead && groups.length) groups[0] = lead + groups[0]
  return groups
}

async function answerFor(
  help: HelpIndex,
  input: ResponderInput,
): Promise<{ text: string; sources: Source[] }> {
  if (input.intent.label === 'greeting') return { text: GREETING_ANSWER, sources: [] }
  if (input.intent.label === 'portfolio_summary') {
    const summary = describeSummary(await input.tools.summarisePortfolio())
    const more = composeAnswer(help.search('portfolio holdings performance figures', 3))
    return {
      text: `${summary}\n\nThe Portfolio pages in the console show each account, holding and figure in full.`,
      sources: more.sources.slice(0, 1),
    }
  }
  return composeAnswer(help.search(input.question, 6))
}

export function createRetrievalResponder(help: HelpIndex): Responder {
  return {
    kind: 'retrieval',
    async *respond(input: ResponderInput): AsyncIterable<ResponderEvent> {
      const { text, sources } = await answerFor(help, input)
      for (const group of wordGroups(text)) {
        if (input.signal.aborted) return
        yield { type: 'text', text: group }
      }
      yield { type: 'done', finish: 'stop', sources, usage: null, model: 'help-retrieval' }
    },
  }
}
