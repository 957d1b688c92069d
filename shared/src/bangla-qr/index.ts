export { crc, parsePayload, encodePayload, type DataObject, type TlvRefusal } from './emv-tlv';
export {
  encodeMerchantQr,
  parseMerchantQr,
  QR_LIMITS,
  WALLET_QR_GUID,
  type MerchantQr,
  type MerchantQrRefusal,
  type MerchantQrResult,
} from './merchant-qr';
