import { Alert, App, Button, Drawer, Form, Space, Spin, Tabs } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Endpoint, EndpointInput } from '@chepai/shared';
import type { z } from 'zod';
import { consoleCall } from '../console-api';
import { useLoad } from '../use-load';
import { BodyPreview } from './body-preview';

// The editor (TipTap, about 130 KiB gzip) is fetched when a drawer first opens, not with the lists.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** An antd rule from the contract's own schema for the field: the form says what the server would. */
export const contractRule = (schema: z.ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = schema.safeParse(value);
    if (!r.success) throw new Error(r.error.issues[0]?.message ?? '格式不正确');
  },
});

interface Loaded {
  id: string;
  title: string;
  content: string;
  version: number;
}

/** How the drawer reads and saves its kind of item. */
export interface ContentApi<V, D extends Loaded> {
  get: (id: string) => Promise<D>;
  create: (input: V & { content: string }) => Promise<unknown>;
  update: (input: V & { content: string; id: string; version: number }) => Promise<unknown>;
}

/** A kind's ContentApi from its contracts: detail, create, update. */
export function contentApi<G extends Endpoint, C extends Endpoint, U extends Endpoint>(
  get: G,
  create: C,
  update: U,
) {
  return {
    get: (id: string) => consoleCall(get, { id } as EndpointInput<G>),
    create: (input: EndpointInput<C>) => consoleCall(create, input),
    update: (input: EndpointInput<U>) => consoleCall(update, input),
  };
}

/**
 * Writing an announcement or an article: its fields, the body in the editor, and a preview of how
 * the mall will show it; saving keeps its state (a new one is a draft). Publishing is the list's.
 */
export function ContentDrawer<V extends { title: string }, D extends Loaded>({
  item,
  noun,
  api,
  empty,
  fields,
  meta,
  onClose,
  onSaved,
}: {
  /** The id of the item to edit, or 'new'. */
  item: string;
  /** 公告 or 文章: the drawer is 新建公告, 编辑文章 … */
  noun: string;
  api: ContentApi<V, D>;
  /** A new item's fields. */
  empty: V;
  /** The form's items above the body. */
  fields: ReactNode;
  /** The line under the title in the preview (source, section …). */
  meta: (values: V) => string;
  onClose: () => void;
  /** After a save (the drawer closes too). */
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const isNew = item === 'new';
  const { data, error } = useLoad(() => (isNew ? Promise.resolve(null) : api.get(item)), []);
  const [form] = Form.useForm<V>();
  const [content, setContent] = useState<string | null>(null);
  const [tab, setTab] = useState('edit');
  const [busy, setBusy] = useState(false);
  const ready = isNew || data;
  const body = content ?? data?.content ?? '';

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return setTab('edit');
    if (!body) return void message.error('请填写正文');
    setBusy(true);
    try {
      await (data
        ? api.update({ ...values, content: body, id: data.id, version: data.version })
        : api.create({ ...values, content: body }));
      void message.success(data ? '已保存' : '已保存为草稿，可在列表中发布');
      onClose();
      onSaved();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open
      width="min(880px, 100vw)"
      title={`${isNew ? '新建' : '编辑'}${noun}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} disabled={!ready} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon message={error} />}
      {!ready ? (
        <Spin />
      ) : (
        <Form<V> form={form} layout="vertical" initialValues={data ?? empty} requiredMark>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'edit',
                label: '编辑',
                forceRender: true,
                children: (
                  <>
                    {fields}
                    <Form.Item label="正文" required>
                      <Suspense fallback={<Spin />}>
                        <RichTextEditor initial={data?.content ?? ''} label="正文" onChange={setContent} />
                      </Suspense>
                    </Form.Item>
                  </>
                ),
              },
              {
                key: 'preview',
                label: '预览',
                children:
                  tab === 'preview' ? (
                    <BodyPreview
                      title={(form.getFieldsValue(true) as V).title}
                      meta={meta(form.getFieldsValue(true) as V)}
                      content={body}
                    />
                  ) : null,
              },
            ]}
          />
        </Form>
      )}
    </Drawer>
  );
}
