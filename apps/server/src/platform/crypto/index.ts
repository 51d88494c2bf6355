export { dataCrypto, parseDataKey, type DataCrypto } from './data-crypto';
export { dataCryptoFor, loadDataCrypto } from './data-key';
