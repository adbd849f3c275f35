local plist, locale = ...
phone = device { locale = locale }
app = phone:install { plist = plist }
app:launch()
manager = app:location_manager()
