import {
  BoldOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';

/** Links an editor may set: the web's own pages (/…), http(s), mail and phone. */
const LINK = /^(\/(?!\/)|https?:\/\/|mailto:|tel:)/i;

/**
 * The body's editor (TipTap, decision 060): what the mall's articles use — 小标题 (h3, as the
 * published ones have), bold, lists, links — and undo. Its HTML is only a proposal: the server
 * sanitizes it before storing, and the preview shows the server's result.
 */
export function RichTextEditor({
  initial,
  label,
  onChange,
}: {
  /** The body when opened; the editor keeps its own state from then on (remount it for another item). */
  initial: string;
  label: string;
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3] },
        // Kinds of text the mall does not show: the server would drop their markup.
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
    ],
    content: initial,
    // The console renders in the browser only: the editor exists from the first render.
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'console-editor-body rich-text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div className="console-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const [linking, setLinking] = useState<string | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (key: string, title: string, icon: ReactNode, pressed: boolean | null, run: () => void) => (
    <Tooltip key={key} title={title}>
      <Button
        type={pressed ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={pressed ?? undefined}
        onClick={run}
        // The selection stays in the text while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
      />
    </Tooltip>
  );
  const saveLink = (href: string) => {
    const link = chain().extendMarkRange('link');
    if (href) link.setLink({ href }).run();
    else link.unsetLink().run();
    setLinking(null);
  };
  return (
    <div className="console-editor-toolbar" role="toolbar" aria-label="正文格式">
      {tool('h3', '小标题', <span className="console-editor-h">H3</span>, state.heading, () =>
        chain().toggleHeading({ level: 3 }).run(),
      )}
      {tool('bold', '加粗', <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool('ul', '无序列表', <UnorderedListOutlined />, state.bullet, () =>
        chain().toggleBulletList().run(),
      )}
      {tool('ol', '有序列表', <OrderedListOutlined />, state.ordered, () =>
        chain().toggleOrderedList().run(),
      )}
      {tool('link', '链接', <LinkOutlined />, state.link, () =>
        setLinking((editor.getAttributes('link') as { href?: string }).href ?? ''),
      )}
      <span className="console-editor-gap" />
      {tool('undo', '撤销', <UndoOutlined />, null, () => state.canUndo && chain().undo().run())}
      {tool('redo', '重做', <RedoOutlined />, null, () => state.canRedo && chain().redo().run())}
      {linking !== null && (
        <LinkModal initial={linking} onSave={saveLink} onCancel={() => setLinking(null)} />
      )}
    </div>
  );
}

function LinkModal({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (href: string) => void;
  onCancel: () => void;
}) {
  const [href, setHref] = useState(initial);
  const value = href.trim();
  const wrong = value !== '' && !LINK.test(value);
  return (
    <Modal
      open
      title="链接"
      okText={value ? '确定' : '移除链接'}
      cancelText="取消"
      okButtonProps={{ disabled: wrong }}
      onOk={() => onSave(value)}
      onCancel={onCancel}
    >
      <Input
        autoFocus
        aria-label="链接地址"
        placeholder="/announcement/list 或 https://…"
        value={href}
        status={wrong ? 'error' : undefined}
        onChange={(e) => setHref(e.target.value)}
        onPressEnter={() => !wrong && onSave(value)}
      />
      <p className="console-hint">
        {wrong
          ? '链接须以 /、http://、https://、mailto: 或 tel: 开头'
          : '先选中文字再设置链接；清空地址即移除链接。'}
      </p>
    </Modal>
  );
}
