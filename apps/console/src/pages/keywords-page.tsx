import { consoleContent } from '@chepai/shared';
import { Alert, Button, Input, Modal, Popconfirm, Space, Switch } from 'antd';
import { useState } from 'react';
import { consoleCall } from '../console-api';
import { OrderedTable } from '../content/ordered-table';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';

type Row = consoleContent.KeywordRow;
const wordRule = consoleContent.keywordCreate.input.shape.word;
/** The contract's message for a word it refuses, or null. */
const wordProblem = (word: string) => {
  const r = wordRule.safeParse(word);
  return r.success ? null : (r.error.issues[0]?.message ?? '搜索词不正确');
};

/** 热门搜索: the words under the mall's search box, in order; disabled ones are kept but hidden. */
export function KeywordsPage() {
  const { data, error, loading, reload } = useLoad(() => consoleCall(consoleContent.keywordList, {}), []);
  const { busy, run } = useAction(reload);
  const [word, setWord] = useState('');
  const [renaming, setRenaming] = useState<{ row: Row; word: string } | null>(null);
  const rows = data ?? [];
  const problem = word.trim() ? wordProblem(word) : null;

  const add = async () => {
    const ok = await run('add', () => consoleCall(consoleContent.keywordCreate, { word }), '已添加');
    if (ok) setWord('');
  };
  const rename = async () => {
    if (!renaming) return;
    const { row, word: next } = renaming;
    const ok = await run(
      row.id,
      () => consoleCall(consoleContent.keywordRename, { id: row.id, word: next }),
      '已改名',
    );
    if (ok) setRenaming(null);
  };
  const reorder = (ids: string[]) =>
    void run('order', () => consoleCall(consoleContent.keywordReorder, { ids }), '顺序已更新');

  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Space className="console-filters" wrap align="start">
        <Input
          aria-label="新的搜索词"
          placeholder="新的搜索词，如 比亚迪汉"
          maxLength={consoleContent.KEYWORD_MAX}
          value={word}
          status={problem ? 'error' : undefined}
          onChange={(e) => setWord(e.target.value)}
          onPressEnter={() => !problem && word.trim() && void add()}
        />
        <Button
          type="primary"
          loading={busy === 'add'}
          disabled={!word.trim() || problem !== null}
          onClick={() => void add()}
        >
          添加
        </Button>
        <span className="console-hint">商城搜索框下按此顺序显示前 10 个启用的搜索词。</span>
      </Space>
      {problem && <p className="console-error-text">{problem}</p>}
      <OrderedTable<Row>
        rows={rows}
        name={(r) => r.word}
        busy={busy !== null}
        reorder={reorder}
        loading={loading}
        // Fits a 390 px phone whole: order, word, switch and the two buttons.
        minWidth={340}
        emptyText="暂无搜索词"
        columns={[
          { title: '搜索词', dataIndex: 'word' },
          {
            title: '启用',
            width: 64,
            render: (_, r) => (
              <Switch
                checked={r.enabled}
                aria-label={`启用 ${r.word}`}
                loading={busy === r.id}
                onChange={(enabled) =>
                  void run(
                    r.id,
                    () => consoleCall(consoleContent.keywordEnable, { id: r.id, enabled }),
                    enabled ? '已启用' : '已停用',
                  )
                }
              />
            ),
          },
          {
            title: '操作',
            width: 120,
            render: (_, r) => (
              <Space size={4}>
                <Button size="small" onClick={() => setRenaming({ row: r, word: r.word })}>
                  改名
                </Button>
                <Popconfirm
                  title={`删除搜索词“${r.word}”？`}
                  okText="删除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    run(r.id, () => consoleCall(consoleContent.keywordDelete, { id: r.id }), '已删除')
                  }
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={renaming !== null}
        title="改名"
        okText="保存"
        cancelText="取消"
        okButtonProps={{ disabled: !renaming || wordProblem(renaming.word) !== null, loading: busy !== null }}
        onOk={() => void rename()}
        onCancel={() => setRenaming(null)}
        destroyOnHidden
      >
        <Input
          aria-label="搜索词"
          maxLength={consoleContent.KEYWORD_MAX}
          value={renaming?.word ?? ''}
          onChange={(e) => renaming && setRenaming({ ...renaming, word: e.target.value })}
        />
        {renaming && wordProblem(renaming.word) && (
          <p className="console-error-text">{wordProblem(renaming.word)}</p>
        )}
      </Modal>
    </>
  );
}
