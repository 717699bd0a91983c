// The runnable blocks of a Markdown document: fenced code whose info string says `run`
// (```sh run, ```bash run, ```ts run). The fence rules are CommonMark's (a run of 3+ backticks or
// tildes, closed by a run of the same character at least as long; indented fences inside list
// items keep their indent, stripped from the block's lines). No Markdown parser is installed and
// only fences matter here.

export type BlockLanguage = 'sh' | 'ts';

export interface RunnableBlock {
  /** 1-based line of the opening fence. */
  line: number;
  language: BlockLanguage;
  code: string;
}

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

export function runnableBlocks(markdown: string): RunnableBlock[] {
  const lines = markdown.split('\n');
  const blocks: RunnableBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    if (fence[0] === '`' && info.includes('`')) continue; // an inline code span, not a fence
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = FENCE.exec(lines[j]!);
      if (close && close[2]![0] === fence[0] && close[2]!.length >= fence.length && close[3]!.trim() === '') break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
    }
    const words = info.trim().split(/\s+/);
    const language = languageOf(words[0] ?? '');
    if (language && words.slice(1).includes('run')) blocks.push({ line: i + 1, language, code: body.join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

function languageOf(word: string): BlockLanguage | null {
  if (word === 'sh' || word === 'bash' || word === 'shell') return 'sh';
  if (word === 'ts' || word === 'typescript') return 'ts';
  return null;
}
