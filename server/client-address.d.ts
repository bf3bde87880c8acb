import type { NextFunction, Request, Response } from "express";

export const CLIENT_ADDRESS_HEADER: "x-marketplace-client-address";
export function trustProxySetting(value: string | undefined): false | number | string[];
export function clientAddressOf(req: Request): string | null;
export function clientAddress(req: Request, res: Response, next: NextFunction): void;
