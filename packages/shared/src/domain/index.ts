export * from './amount-in-words';
export * from './beijing-time';
export * from './decimal-text';
export * from './loan';
export * from './money';
export * from './purchase-cost';
export * from './purchase-cost-tables';
export * from './purchase-cost-taxes';
