/** Internet Explorer (any version) cannot run the app; it gets a blocking notice instead. */
export function isInternetExplorer(userAgent: string = navigator.userAgent): boolean {
  return /MSIE |Trident\//.test(userAgent);
}
