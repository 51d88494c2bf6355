import './zod-jitless';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './console-app';
import '@chepai/shared/styles/rich-text.css';
import './console.css';

// Calendars and pickers in Chinese: antd's locale names the buttons, dayjs's the weekdays and months.
dayjs.locale('zh-cn');

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
