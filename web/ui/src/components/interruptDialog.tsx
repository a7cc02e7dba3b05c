/**
 * The modal for a paused graph: approve/deny a tool call (a typed decision bound to the call and
 * digest shown), or answer a clarification question (sent as an answer to that question).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApprovalDecision, InterruptPayload } from '../types.ts';

function decide(payload: InterruptPayload, decision: ApprovalDecision['decision']): ApprovalDecision {
  return { decision, callId: payload.callId ?? '', digest: payload.digest ?? '' };
}

export function InterruptDialog({ payload, onResume, onClose }: { payload: InterruptPayload; onResume: (value: unknown) => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const approval = payload.kind === 'approval';
  return (
    <dialog ref={ref} class="interrupt-dialog" data-kind={payload.kind} onCancel={(e) => (e.preventDefault(), onClose())}>
      <h2>{payload.interrupted ? `Run the interrupted ${payload.tool ?? 'step'} again?` : approval ? `Approve ${payload.tool}?` : 'The agents need an answer'}</h2>
      <p class="from">from {payload.agent}</p>
      <p class="question">{payload.question}</p>
      {approval && (payload.subject ?? payload.args) !== undefined && <pre class="args">{JSON.stringify(payload.subject ?? payload.args, null, 2)}</pre>}
      {approval ? (
        <div class="actions">
          <button class="secondary" onClick={onClose}>
            Later
          </button>
          <button class="danger deny" onClick={() => onResume(decide(payload, 'deny'))}>
            Deny
          </button>
          <button class="primary approve" onClick={() => onResume(decide(payload, 'approve'))}>
            Approve
          </button>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) onResume({ answer: text.trim() });
          }}
        >
          <textarea
            class="answer-input"
            rows={3}
            value={text}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
            onKeyDown={(e) => {
              // Enter sends the answer, Shift+Enter starts a new line (as in the composer)
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                if (text.trim()) onResume({ answer: text.trim() });
              }
            }}
            placeholder="Your answer (Enter to send, Shift+Enter for a new line)"
            autoFocus
          />
          <div class="actions">
            <button type="button" class="secondary" onClick={onClose}>
              Later
            </button>
            <button type="button" class="secondary defaults" onClick={() => onResume({ answer: 'defaults' })}>
              Use defaults
            </button>
            <button type="submit" class="primary send-answer" disabled={!text.trim()}>
              Send answer
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
