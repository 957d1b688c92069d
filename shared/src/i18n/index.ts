export { catalogsReady, currentLanguage, i18n, registerCatalog, setLanguage } from './catalogs';
export type { CatalogSource, CompiledCatalog } from './catalogs';
export {
  INTL_LOCALE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_NAMES,
  LANGUAGES,
  pageLanguage,
  type Language,
} from './languages';
export { useTranslate, type Translate } from './translator';
