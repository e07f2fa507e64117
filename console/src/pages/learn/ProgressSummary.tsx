/** The caller's learning progress: overall figures and one row per layer (GET /api/ta/learn/progress). */
import { num, pct, pctPoints, dateTime } from '../../ui/format.ts'
import { Stat } from '../../ui/Stat.tsx'
import { layerLabel, type Progress } from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

export function ProgressSummary({ progress: p }: { progress: Progress }) {
  return (
    <>
      <div className="stats">
        <Stat label="Progress" value={pctPoints(p.progress_pct, 1)} sub="of all questions answered" />
        <Stat label="Questions answered" value={`${p.questions_answered} of ${p.questions}`} />
        <Stat
          label="Correct first answers"
          value={num(p.correct, 0)}
          sub={p.accuracy === null ? 'no answers yet' : `accuracy ${pct(p.accuracy, 1)}`}
        />
        <Stat label="Concepts completed" value={`${p.concepts_completed} of ${p.concepts}`} />
        <Stat label="Concepts viewed" value={`${p.concepts_viewed} of ${p.concepts}`} />
      </div>
      <TableWrap label="Progress by layer">
        <table>
          <caption className="muted learn-caption">
            By layer · last activity {p.last_activity ? dateTime(p.last_activity) : 'none yet'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Layer</th>
              <th scope="col" className="num">
                Progress
              </th>
              <th scope="col" className="num">
                Answered
              </th>
              <th scope="col" className="num">
                Correct
              </th>
              <th scope="col" className="num">
                Completed
              </th>
              <th scope="col" className="num">
                Viewed
              </th>
            </tr>
          </thead>
          <tbody>
            {p.layers.map((l) => (
              <tr key={l.layer} data-layer={l.layer}>
                <th scope="row">{layerLabel(l.layer)}</th>
                <td className="num">{pctPoints(l.progress_pct, 1)}</td>
                <td className="num">
                  {l.questions_answered} of {l.questions}
                </td>
                <td className="num">{l.correct}</td>
                <td className="num">
                  {l.concepts_completed} of {l.concepts}
                </td>
                <td className="num">
                  {l.concepts_viewed} of {l.concepts}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  )
}
