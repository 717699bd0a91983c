// Which fenced blocks of a Markdown document run: the info string says `run`, the language is a
// shell or TypeScript, and fences follow CommonMark (indented in a list, longer fences, tildes).
import { describe, expect, it } from 'vitest';
import { runnableBlocks } from './blocks.ts';

describe('runnableBlocks', () => {
  it('takes the blocks marked run, in order, with the line of their fence and their indent stripped', () => {
    const doc = [
      '# Title', // 1
      '```sh', // 2: shown, not run
      'npm start',
      '```',
      '```sh run', // 5
      'echo one',
      '```',
      '- a list item:',
      '',
      '  ```bash run', // 10
      '  echo two',
      '    echo indented',
      '  ```',
      '````ts run', // 14: a longer fence holds a shorter one
      '```',
      'console.log(3);',
      '````',
      '~~~json run', // 18: not a language that runs
      '{}',
      '~~~',
    ].join('\n');
    expect(runnableBlocks(doc)).toEqual([
      { line: 5, language: 'sh', code: 'echo one\n' },
      { line: 10, language: 'sh', code: 'echo two\n  echo indented\n' },
      { line: 14, language: 'ts', code: '```\nconsole.log(3);\n' },
    ]);
  });

  it('does not take `run` in the language position or text after an inline code span', () => {
    expect(runnableBlocks('```run\necho\n```\n``` `sh run` ```\n')).toEqual([]);
  });

  it('runs an unclosed block to the end of the document, as CommonMark does', () => {
    expect(runnableBlocks('```sh run\necho last')).toEqual([{ line: 1, language: 'sh', code: 'echo last\n' }]);
  });
});
