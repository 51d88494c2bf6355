import { consoleApi } from '@chepai/shared';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  TimePicker,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { consoleCall, type StoredOperator } from '../console-api';
import { useLoad } from '../use-load';

type Template = consoleApi.SessionTemplate;
type Values = Omit<Template, 'id' | 'updatedAt' | 'startTime'> & { startTime: dayjs.Dayjs };

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: consoleApi.WEEKDAY_TEXT[d] }));
const EMPTY: Partial<Values> = {
  weekdays: [3],
  startTime: dayjs('2000-01-01T10:00'),
  durationMinutes: 60,
  staggerMinutes: 5,
  previewDays: 3,
  regHours: 48,
};

/** 场次模板: when sessions run and how their lots are staggered; schedulers edit, everyone reads. */
export function TemplatesPage({ operator }: { operator: StoredOperator }) {
  const { message } = App.useApp();
  const { data, error, loading, reload } = useLoad(() => consoleCall(consoleApi.templateList, {}), []);
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const mayEdit = operator.roles.includes('admin') || operator.roles.includes('scheduler');

  const open = (t: Template | 'new') => {
    setEditing(t);
    form.setFieldsValue(t === 'new' ? EMPTY : { ...t, startTime: dayjs(`2000-01-01T${t.startTime}`) });
  };
  const save = async () => {
    const v = await form.validateFields();
    try {
      await consoleCall(consoleApi.templateSave, {
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
        ...v,
        startTime: v.startTime.format('HH:mm'),
      });
      message.success('场次模板已保存');
      setEditing(null);
      reload();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const remove = async (t: Template) => {
    try {
      await consoleCall(consoleApi.templateDelete, { id: t.id });
      message.success('已删除');
      reload();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Space style={{ marginBottom: 12 }} wrap>
        {mayEdit && (
          <Button type="primary" onClick={() => open('new')}>
            新建场次模板
          </Button>
        )}
        <span className="console-hint">
          审核通过时可按模板套用场次：同一场次的拍品同时开拍，依次间隔结束。
        </span>
      </Space>
      <Table<Template>
        rowKey="id"
        size="middle"
        loading={loading && !data}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          { title: '模板', dataIndex: 'name' },
          {
            title: '场次日',
            dataIndex: 'weekdays',
            render: (d: number[]) => d.map((x) => consoleApi.WEEKDAY_TEXT[x]).join('、'),
          },
          { title: '开拍', dataIndex: 'startTime', width: 80 },
          { title: '首辆时长', dataIndex: 'durationMinutes', width: 100, render: (m: number) => `${m} 分钟` },
          { title: '间隔', dataIndex: 'staggerMinutes', width: 90, render: (m: number) => `${m} 分钟` },
          {
            title: '预告 / 报名',
            width: 150,
            render: (_, t) => `提前 ${t.previewDays} 天 / ${t.regHours} 小时`,
          },
          {
            title: '操作',
            width: 140,
            render: (_, t) =>
              mayEdit ? (
                <Space>
                  <Button size="small" onClick={() => open(t)}>
                    编辑
                  </Button>
                  <Popconfirm title="删除该模板？已排期的拍品不受影响" onConfirm={() => void remove(t)}>
                    <Button size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新建场次模板' : '编辑场次模板'}
        okText="保存"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label="模板名称"
            rules={[{ required: true, min: 2, message: '请填写模板名称（至少2个字）' }]}
          >
            <Input maxLength={30} placeholder="例如 每周三上午场" />
          </Form.Item>
          <Form.Item
            name="weekdays"
            label="场次日"
            rules={[{ required: true, message: '请至少选择一个场次日' }]}
          >
            <Checkbox.Group options={WEEKDAYS} />
          </Form.Item>
          <Space wrap>
            <Form.Item
              name="startTime"
              label="开拍时间（北京时间）"
              rules={[{ required: true, message: '请选择开拍时间' }]}
            >
              <TimePicker format="HH:mm" minuteStep={5} allowClear={false} />
            </Form.Item>
            <Form.Item
              name="durationMinutes"
              label="首辆竞价时长（分钟）"
              rules={[{ required: true, message: '请填写' }]}
            >
              <InputNumber min={10} max={1440} precision={0} />
            </Form.Item>
            <Form.Item
              name="staggerMinutes"
              label="每辆间隔（分钟）"
              rules={[{ required: true, message: '请填写' }]}
            >
              <InputNumber min={0} max={120} precision={0} />
            </Form.Item>
            <Form.Item
              name="previewDays"
              label="提前预告（天）"
              rules={[{ required: true, message: '请填写' }]}
            >
              <InputNumber min={0} max={30} precision={0} />
            </Form.Item>
            <Form.Item
              name="regHours"
              label="提前报名（小时）"
              rules={[{ required: true, message: '请填写' }]}
            >
              <InputNumber min={1} max={720} precision={0} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </>
  );
}
