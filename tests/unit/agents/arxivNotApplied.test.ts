/** The offline arXiv planner names what its search does not apply (issue 21: the not-applied net in every specialist). */
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { planArxiv } from '../../../agents/specialists/arxiv/offlinePlanner.ts';
import { taskOf } from '../../../agents/specialists/specialistTask.ts';

const after = (request: string, result: object) => [
  new HumanMessage(`Request from the person:\n${request}`),
  new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'search_arxiv', args: { query: 'x' } }] }),
  new ToolMessage({ tool_call_id: 'c1', content: JSON.stringify(result) }),
];

describe('offline arXiv planner: not applied', () => {
  it('names a date limit, an order and more papers than it fetches', () => {
    const plan = planArxiv(taskOf(after('Find 10 papers on topology optimization since 2020, sorted by citations', { total: 0, papers: [] })));
    expect(plan.calls).toEqual([]);
    expect(plan.text).toMatch(/Not applied: .*"since 2020".*"sorted by citations".*"10 papers"/);
  });

  it('says nothing extra when everything was applied', () => {
    expect(planArxiv(taskOf(after('Find papers on topology optimization', { total: 0, papers: [] }))).text).not.toMatch(/Not applied/);
  });
});
