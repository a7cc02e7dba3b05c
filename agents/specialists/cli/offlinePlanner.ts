/**
 * The offline local-command agent: "open the STL in the viewer" becomes run_command with an
 * installed viewer for that file type and the file the conversation produced; "run the command
 * `…`" runs that command line as given (the guard decides). Then it reports what happened.
 */
import { errorText, writeTask, type DoneCall, type Plan, type SpecialistTask } from '../specialistTask.ts';

/** Desktop programs people name when they want a file opened (whitelisted or not: the guard decides). */
const APPS = 'paraview|meshlab|f3d|eog|blender|freecad|cura|prusa-?gcodeviewer|xdg-open';
/** Command-line programs people name ("run ls -la", "execute rm -rf /tmp/x", "with wc -l"): the guard decides which may run. */
const PROGRAMS = String.raw`ls|ll|cat|rm|cp|mv|wc|head|tail|grep|find|echo|pwd|chmod|chown|curl|wget|python3?|node|npm|bash|sh|zsh|sudo|mkdir|rmdir|touch|df|du|ps|kill|top|git|sha256sum|md5sum|file|stat|tree|less|more|prusa-slicer|${APPS}`;
const PROGRAM_COMMAND = new RegExp(String.raw`\b(?:run|execute|exec|type|call)\s+(?:the\s+)?(?:command\s+)?((?:${PROGRAMS})(?:\s+(?!and\b|then\b|please\b|for\b|in\b|on\b)[^\s,;!?]+)*)`, 'i');
const WITH_PROGRAM = new RegExp(String.raw`\b(?:with|using|via)\s+((?:${PROGRAMS})(?:\s+-{1,2}[\w-]+)*)`, 'i');
const FILE = /(?<![\w/.-])((?:\/|\.\/|~\/)?[\w.-]+\.(?:txt|csv|json|md|log|stl|png|svg|gcode|yaml|yml|npy|sh))\b/i;
const MENTION = new RegExp(
  [
    String.raw`\bopen (?:it|them|this|that|the (?:stl|png|image|render|picture|g-?code|file|part|design|model)|\S+\.(?:stl|png|gcode|svg))\b`,
    String.raw`\b(?:open|show|view|load)\b[^.?!\n]{0,60}?\b(?:in|with) (?:${APPS})\b`,
    String.raw`\b(?:launch|start|fire up) (?:${APPS})\b`,
    String.raw`\bviewer\b|\brun (?:the )?command\b|\bshell command\b|\bin (?:a |the )?terminal\b`,
    String.raw`\b(?:run|execute|exec)\s+(?:the\s+)?(?:command\s+)?(?:${PROGRAMS})(?![\w-])`,
    String.raw`\b(?:with|using|via)\s+(?:${PROGRAMS})\s+-`,
  ].join('|'),
  'i',
);

export const cliMentionedAt = (request: string): number => MENTION.exec(request)?.index ?? -1;

/** The file type a request wants opened. */
export function wantedType(request: string): 'stl' | 'png' | 'gcode' | 'svg' {
  if (/g-?code/i.test(request)) return 'gcode';
  if (/\bpng\b|\bimage\b|\brender\b|\bpicture\b/i.test(request)) return 'png';
  if (/\bsvg\b/i.test(request)) return 'svg';
  return 'stl';
}

export function lastPathOf(text: string, ext: string): string | null {
  const all = [...text.matchAll(new RegExp(`(\\/[^\\s"',;()[\\]{}]+\\.${ext})\\b`, 'gi'))];
  return all.length ? all[all.length - 1][1] : null;
}

function explicitCommand(request: string): string | null {
  const quoted = /\brun (?:the )?command\s*:?\s*[`"']([^`"']+)[`"']/i.exec(request)?.[1] ?? /`([^`]+)`/.exec(request)?.[1];
  if (quoted) return quoted;
  // "run ls -la", "please execute rm -rf /tmp/x": the program and its words, as written
  const named = PROGRAM_COMMAND.exec(request)?.[1];
  if (named) return named.replace(/[.]+$/, '');
  // "count the lines of notes.txt with wc -l": the program, its flags, then the file named
  const withProgram = WITH_PROGRAM.exec(request)?.[1];
  if (withProgram) {
    const file = FILE.exec(request.replace(withProgram, ' '))?.[1];
    return file ? `${withProgram} ${file}` : withProgram;
  }
  return null;
}

/** The desktop program the request names ("in ParaView"), if any. */
const namedApp = (request: string): string | null => new RegExp(String.raw`\b(?:in|with|using|via|launch|start|fire up)\s+(${APPS})\b`, 'i').exec(request)?.[1]?.toLowerCase().replace('prusagcodeviewer', 'prusa-gcodeviewer') ?? null;

function report(d: DoneCall): string {
  const r = d.result;
  if (!d.ok) {
    const e = r.error as { type?: string } | undefined;
    return e?.type === 'Declined' ? 'Not run: you did not approve the command, so nothing ran.' : `The command was not run: ${errorText(r)}`;
  }
  if (r.window) return `${r.window}: ${(r.args as string[]).join(' ')}`;
  const out = String(r.stdout ?? '').trim();
  return `${r.program} exited with ${r.exit_code}${r.timed_out ? ' (timed out)' : ''}${out ? `:\n${out.slice(0, 1500)}` : ''}${String(r.stderr ?? '').trim() ? `\nstderr: ${String(r.stderr).trim().slice(0, 500)}` : ''}`;
}

/** `viewers`: for each file type, the installed whitelisted programs that show it. */
/** `browser`: the person is in the web UI, where files show in the page (no window opens on the server). */
export function planCli(task: SpecialistTask, viewers: Record<string, string[]>, opts: { browser?: boolean } = {}): Plan {
  const { request, done } = task;
  const text = writeTask(task);
  if (done.length) return { text: done.map(report).join('\n'), calls: [] };
  const command = explicitCommand(request);
  if (command) return { text: '', calls: [{ name: 'run_command', args: { command } }] };
  const type = wantedType(request);
  // a program the person names is used or refused by name: never silently replaced by another viewer
  const app = namedApp(request);
  const allowed = viewers[type] ?? [];
  if (app && !allowed.includes(app)) {
    return {
      text: `${app} is not whitelisted: it is not among the installed programs in commands.programs that open .${type} files, so I did not open the file with it, nor with another program instead. ${allowed.length ? `Whitelisted viewers for .${type}: ${allowed.join(', ')} — say e.g. "open it in ${allowed[0]}".` : 'No whitelisted viewer opens that type.'} To use ${app}, add it to commands.programs in engiai.yaml.`,
      calls: [],
    };
  }
  const file = lastPathOf(request, type) ?? lastPathOf(text, type);
  if (opts.browser) {
    const shown = type === 'stl' ? 'press "View in 3D" on its card to turn it in the page\'s 3D viewer' : 'it shows in the page (open its link)';
    return {
      text: file
        ? `In the web UI the file opens here, not in a window on the server: ${file} — ${shown}.`
        : `I see no .${type} file in this conversation to show. Make one first (e.g. export an STL); in the web UI it opens in the page.`,
      calls: [],
    };
  }
  if (!file) return { text: `I see no .${type} file in this conversation to open. Make one first (e.g. export an STL), or give its path.`, calls: [] };
  const viewer = app ?? allowed[0];
  if (!viewer) return { text: `No viewer for .${type} files is installed among the whitelisted programs (commands.programs): install one such as f3d or meshlab, or whitelist another.`, calls: [] };
  return { text: '', calls: [{ name: 'run_command', args: { command: `${viewer} "${file}"` } }] };
}
