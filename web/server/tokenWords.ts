/**
 * Streamed tokens as the browser may read them: a model splits a server path over several tokens,
 * so each agent's tokens are held back to the last whitespace and sent as whole words, which the
 * presenter can then rewrite (no ENGIAI_HOME path in the live text). What is held goes out at the
 * agent's next non-token event or at the end of the turn.
 */
export interface TokenChunk {
  agent: string;
  text: string;
  t: number;
}

export class TokenWords {
  private readonly held = new Map<string, TokenChunk>();

  /** A token in; the whole words ready to send (null while the word goes on). */
  push(agent: string, text: string, t: number): TokenChunk | null {
    const all = (this.held.get(agent)?.text ?? '') + text;
    const cut = Math.max(all.lastIndexOf(' '), all.lastIndexOf('\n'), all.lastIndexOf('\t')) + 1;
    if (cut === 0) {
      this.held.set(agent, { agent, text: all, t });
      return null;
    }
    const rest = all.slice(cut);
    if (rest) this.held.set(agent, { agent, text: rest, t });
    else this.held.delete(agent);
    return { agent, text: all.slice(0, cut), t };
  }

  /** What is still held (all agents, or one), removed. */
  flush(agent?: string): TokenChunk[] {
    const out = [...this.held.values()].filter((c) => agent === undefined || c.agent === agent);
    for (const c of out) this.held.delete(c.agent);
    return out;
  }
}
