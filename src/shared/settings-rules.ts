/** Paper lunch vouchers (and the pool they fill) are offered unless the setting says '0'. */
export const paperVouchersEnabled = (settings: Record<string, string>) => settings.enable_paper_lunch_vouchers !== '0';
