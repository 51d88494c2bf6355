import { z } from 'zod';

// Every validation message a user may see is Chinese.
z.config(z.locales.zhCN());

export * from './contracts/define';
export * from './contracts/common';
export * as content from './contracts/content';
export * as catalog from './contracts/catalog';
export * from './constants';
export * from './domain';
