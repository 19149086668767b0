import type { Currency } from "@foreman/contract";

// What a company's sales look like in the demo: its currencies (with weights), tax rate, catalogue
// and where its leads come from. Prices are in the company's main currency (the first one).

export type SalesProfile = {
  locale: "en" | "es";
  /** Order currencies with their share; the first is the company's main currency. */
  currencies: { code: Currency; weight: number; perMain: number }[];
  taxRate: number;
  /** The range of an unquoted lead's expected deal, in whole units of the main currency. */
  dealSize: { min: number; max: number };
  country: string;
  products: { sku: string; name: string; measureUnit: string; unitPrice: number }[];
  sources: string[];
  needs: string[];
  /** The SKUs a lead with this need is quoted (the conversation and the order tell one story). */
  productsByNeed: Record<string, string[]>;
};

export const NORTHWIND_PROFILE: SalesProfile = {
  locale: "en",
  currencies: [
    { code: "USD", weight: 85, perMain: 1 },
    { code: "CAD", weight: 15, perMain: 1.37 },
  ],
  taxRate: 0.08,
  dealSize: { min: 150, max: 6_000 },
  country: "United States",
  products: [
    { sku: "NW-PAL-01", name: "Wooden pallet", measureUnit: "unit", unitPrice: 18 },
    { sku: "NW-BOX-12", name: "Corrugated box 12in", measureUnit: "pack", unitPrice: 24 },
    { sku: "NW-TAPE-48", name: "Packing tape 48mm", measureUnit: "case", unitPrice: 39 },
    { sku: "NW-WRAP-18", name: "Stretch wrap 18in", measureUnit: "roll", unitPrice: 27 },
    { sku: "NW-GLV-L", name: "Nitrile gloves L", measureUnit: "box", unitPrice: 14 },
    { sku: "NW-SHLF-5", name: "Steel shelving unit", measureUnit: "unit", unitPrice: 189 },
    { sku: "NW-CART-2", name: "Two-tier utility cart", measureUnit: "unit", unitPrice: 129 },
    { sku: "NW-LBL-4X6", name: "Thermal labels 4x6", measureUnit: "roll", unitPrice: 21 },
    { sku: "NW-BIN-30", name: "Stackable storage bin", measureUnit: "unit", unitPrice: 16 },
    { sku: "NW-JACK-25", name: "Pallet jack 2500 kg", measureUnit: "unit", unitPrice: 449 },
    { sku: "NW-DESK-ST", name: "Standing packing desk", measureUnit: "unit", unitPrice: 520 },
    { sku: "NW-FOAM-6", name: "Foam sheets 6mm", measureUnit: "m2", unitPrice: 3.5 },
  ],
  sources: ["WhatsApp", "Email inbound", "Phone call", "SMS campaign", "Website form", "Text message"],
  needs: [
    "Monthly packaging restock",
    "Warehouse shelving for a new site",
    "Quote for 40 pallets",
    "Bulk gloves for the cleaning crew",
    "Labels and tape for peak season",
    "Replacement pallet jack",
  ],
  productsByNeed: {
    "Monthly packaging restock": ["NW-BOX-12", "NW-TAPE-48", "NW-WRAP-18", "NW-FOAM-6"],
    "Warehouse shelving for a new site": ["NW-SHLF-5", "NW-BIN-30", "NW-CART-2", "NW-DESK-ST"],
    "Quote for 40 pallets": ["NW-PAL-01", "NW-WRAP-18"],
    "Bulk gloves for the cleaning crew": ["NW-GLV-L", "NW-BIN-30"],
    "Labels and tape for peak season": ["NW-LBL-4X6", "NW-TAPE-48", "NW-BOX-12"],
    "Replacement pallet jack": ["NW-JACK-25", "NW-PAL-01", "NW-CART-2"],
  },
};

export const ANDES_PROFILE: SalesProfile = {
  locale: "es",
  currencies: [
    { code: "CLP", weight: 60, perMain: 1 },
    { code: "PEN", weight: 25, perMain: 0.004 },
    { code: "USD", weight: 15, perMain: 0.00105 },
  ],
  taxRate: 0.19,
  dealSize: { min: 90_000, max: 4_500_000 },
  country: "Chile",
  products: [
    { sku: "AC-CAF-1K", name: "Café de grano 1 kg", measureUnit: "kg", unitPrice: 14_900 },
    { sku: "AC-ACE-5L", name: "Aceite de oliva 5 L", measureUnit: "bidón", unitPrice: 32_500 },
    { sku: "AC-HAR-25", name: "Harina 25 kg", measureUnit: "saco", unitPrice: 18_900 },
    { sku: "AC-AZU-10", name: "Azúcar 10 kg", measureUnit: "saco", unitPrice: 11_200 },
    { sku: "AC-QUI-1K", name: "Quínoa orgánica", measureUnit: "kg", unitPrice: 5_600 },
    { sku: "AC-PAL-01", name: "Palta Hass", measureUnit: "caja", unitPrice: 24_000 },
    { sku: "AC-VIN-CS", name: "Vino Cabernet Sauvignon", measureUnit: "caja", unitPrice: 45_000 },
    { sku: "AC-SAL-1K", name: "Sal de mar", measureUnit: "kg", unitPrice: 1_900 },
    { sku: "AC-TE-100", name: "Té verde 100 bolsitas", measureUnit: "caja", unitPrice: 4_300 },
    { sku: "AC-CHO-70", name: "Chocolate 70% cacao", measureUnit: "caja", unitPrice: 27_800 },
  ],
  sources: ["WhatsApp", "WhatsApp Business", "Email", "Phone", "SMS", "Instagram"],
  needs: [
    "Reposición mensual para restaurante",
    "Cotización para evento corporativo",
    "Pedido mayorista de café",
    "Canasta navideña para empleados",
    "Proveedor para nueva sucursal",
    "Despacho semanal a Lima",
  ],
  productsByNeed: {
    "Reposición mensual para restaurante": ["AC-CAF-1K", "AC-ACE-5L", "AC-HAR-25", "AC-AZU-10", "AC-SAL-1K"],
    "Cotización para evento corporativo": ["AC-VIN-CS", "AC-CHO-70", "AC-CAF-1K", "AC-TE-100"],
    "Pedido mayorista de café": ["AC-CAF-1K", "AC-AZU-10"],
    "Canasta navideña para empleados": ["AC-VIN-CS", "AC-CHO-70", "AC-TE-100", "AC-CAF-1K"],
    "Proveedor para nueva sucursal": ["AC-AZU-10", "AC-HAR-25", "AC-SAL-1K", "AC-ACE-5L"],
    "Despacho semanal a Lima": ["AC-QUI-1K", "AC-CAF-1K", "AC-PAL-01"],
  },
};
